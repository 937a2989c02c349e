#!/usr/bin/env python3
"""Classroom demo: how attackers layer encodings, and how to peel them safely.

Each sample is decoded layer by layer and the result is only *displayed* and
scored against a list of indicator words. Nothing that is decoded is ever
run. Students can add their own samples in a text file (one per line).
"""
import argparse
import base64
import binascii
import codecs
import logging
import zlib
from pathlib import Path

logger = logging.getLogger("lesson")

INDICATORS = ("curl", "wget", "chmod", "crontab", "nc ", "socket", "eval", "exec")

# Harmless payloads, encoded the way real droppers encode theirs.
BUILTIN_SAMPLES = {
    "plain-b64": "ZWNobyAiaGVsbG8gZnJvbSB0aGUgbGVzc29uIg==",
    "rot13": "rpub 'ebg13 vf abg rapelcgvba'",
    "hex": "6563686f20686578206c617965727320617265207265616461626c65",
    "zlib-b64": base64.b64encode(zlib.compress(b"wget is only mentioned, never run")).decode(),
}


def try_base64(text):
    try:
        out = base64.b64decode(text, validate=True)
        return out.decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None


def try_zlib_b64(text):
    try:
        return zlib.decompress(base64.b64decode(text)).decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError):
        return None


def try_hex(text):
    try:
        return bytes.fromhex(text).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None


def try_rot13(text):
    decoded = codecs.decode(text, "rot_13")
    return decoded if decoded != text else None


DECODERS = [("zlib+base64", try_zlib_b64), ("base64", try_base64),
            ("hex", try_hex), ("rot13", try_rot13)]


def peel(sample, max_layers=4):
    layers, current = [], sample
    for _ in range(max_layers):
        for name, fn in DECODERS:
            result = fn(current)
            if result and result.isprintable():
                layers.append(name)
                current = result
                break
        else:
            break
    return layers, current


def score(text):
    lowered = text.lower()
    return [word.strip() for word in INDICATORS if word in lowered]


def load_samples(path):
    samples = dict(BUILTIN_SAMPLES)
    if path:
        for i, line in enumerate(Path(path).read_text().splitlines(), 1):
            if line.strip() and not line.startswith("#"):
                samples[f"student-{i}"] = line.strip()
    return samples


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--samples", help="extra samples file in the lesson folder")
    ap.add_argument("--layers", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    for name, sample in load_samples(args.samples).items():
        layers, decoded = peel(sample, args.layers)
        hits = score(decoded)
        logger.info("== %s ==", name)
        logger.info("  layers : %s", " -> ".join(layers) or "(none)")
        logger.info("  decoded: %r", decoded[:100])
        logger.info("  verdict: %s", "suspicious " + str(hits) if hits else "clean")


if __name__ == "__main__":
    main()
