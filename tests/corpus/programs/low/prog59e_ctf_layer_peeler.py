#!/usr/bin/env python3
"""Peel encoding layers off a CTF "crypto 101" challenge string.

Typical beginner challenges wrap the flag in base64, then hex, then rot13,
then base32 ... in some random order.  This helper tries every decoder on
the current text, keeps whatever still looks printable and stops as soon
as something matching the flag format appears.  The result is only ever
printed - nothing is executed.

    python3 ctf_layer_peeler.py --url https://ctf.example.org/static/c3.txt
    python3 ctf_layer_peeler.py --file challenge.txt --flag-prefix picoCTF
"""
import argparse
import base64
import binascii
import codecs
import re
import string
import sys

import requests

PRINTABLE = set(string.printable)


def try_b64(s: str) -> bytes:
    return base64.b64decode(s, validate=True)


def try_b32(s: str) -> bytes:
    return base64.b32decode(s)


def try_b85(s: str) -> bytes:
    return base64.b85decode(s)


def try_hex(s: str) -> bytes:
    return binascii.unhexlify(s)


def try_rot13(s: str) -> bytes:
    return codecs.decode(s, "rot_13").encode()


DECODERS = [("base64", try_b64), ("base32", try_b32), ("hex", try_hex),
            ("base85", try_b85), ("rot13", try_rot13)]


def looks_textual(data: bytes) -> bool:
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        return False
    return bool(text) and all(c in PRINTABLE for c in text)


def peel(text: str, flag_re: "re.Pattern", max_depth: int = 12):
    path = []
    for _ in range(max_depth):
        match = flag_re.search(text)
        if match:
            return match.group(0), path
        for name, fn in DECODERS:
            if name == "rot13" and path and path[-1] == "rot13":
                continue  # rot13 twice is a no-op
            try:
                out = fn(text.strip())
            except (binascii.Error, ValueError):
                continue
            if looks_textual(out) and out.decode() != text:
                text = out.decode()
                path.append(name)
                break
        else:
            break
    return None, path


def fetch(url: str) -> str:
    resp = requests.get(url, timeout=10)
    resp.raise_for_status()
    return resp.text


def main() -> int:
    ap = argparse.ArgumentParser(description="CTF encoding-layer peeler")
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--url")
    src.add_argument("--file")
    src.add_argument("--text")
    ap.add_argument("--flag-prefix", default="flag")
    args = ap.parse_args()

    if args.url:
        blob = fetch(args.url)
    elif args.file:
        with open(args.file, encoding="utf-8") as fh:
            blob = fh.read()
    else:
        blob = args.text

    flag_re = re.compile(re.escape(args.flag_prefix) + r"\{[^}]{1,80}\}")
    flag, path = peel(blob, flag_re)
    print("layers:", " -> ".join(path) or "(none)")
    if flag:
        print("FLAG:", flag)
        return 0
    print("no flag found; last layers may need a key (xor? vigenere?)",
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
