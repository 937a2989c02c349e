#!/usr/bin/env python3
"""Build a fingerprint inventory of the public keys staged for onboarding.

Keys are dropped by the access-request workflow into ./keys/<username>/*.pub.
This tool parses each one, computes the OpenSSH-style SHA256 fingerprint,
flags weak or unexpected key types and writes ./reports/key_inventory.csv.
"""
import argparse
import base64
import csv
import hashlib
import logging
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("key-inventory")

ALLOWED_TYPES = {"ssh-ed25519", "ecdsa-sha2-nistp256", "ssh-rsa",
                 "sk-ssh-ed25519@openssh.com"}
MIN_RSA_BITS = 3072


@dataclass
class KeyRecord:
    owner: str
    source: str
    key_type: str
    fingerprint: str
    bits: int
    comment: str
    verdict: str


def _read_string(blob: bytes, offset: int):
    (length,) = struct.unpack(">I", blob[offset:offset + 4])
    start = offset + 4
    return blob[start:start + length], start + length


def rsa_bits(blob: bytes) -> int:
    _, off = _read_string(blob, 0)          # key type
    _, off = _read_string(blob, off)        # public exponent
    modulus, _ = _read_string(blob, off)
    return (len(modulus.lstrip(b"\x00"))) * 8


def parse_line(owner: str, source: Path, line: str):
    parts = line.split(None, 2)
    if len(parts) < 2:
        raise ValueError("not enough fields")
    key_type, b64 = parts[0], parts[1]
    comment = parts[2].strip() if len(parts) > 2 else ""
    blob = base64.b64decode(b64, validate=True)
    embedded, _ = _read_string(blob, 0)
    if embedded.decode() != key_type:
        raise ValueError(f"type mismatch {embedded!r} vs {key_type}")
    digest = hashlib.sha256(blob).digest()
    fp = "SHA256:" + base64.b64encode(digest).decode().rstrip("=")
    bits = rsa_bits(blob) if key_type == "ssh-rsa" else 256
    verdict = "ok"
    if key_type not in ALLOWED_TYPES:
        verdict = "type-not-allowed"
    elif key_type == "ssh-rsa" and bits < MIN_RSA_BITS:
        verdict = f"rsa-too-short({bits})"
    return KeyRecord(owner, source.name, key_type, fp, bits, comment, verdict)


def scan(root: Path):
    for user_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        for pub in sorted(user_dir.glob("*.pub")):
            for lineno, raw in enumerate(pub.read_text().splitlines(), 1):
                raw = raw.strip()
                if not raw or raw.startswith("#"):
                    continue
                try:
                    yield parse_line(user_dir.name, pub, raw)
                except (ValueError, struct.error) as exc:
                    log.warning("%s:%d skipped: %s", pub, lineno, exc)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--keys", default="keys", type=Path)
    ap.add_argument("--out", default="reports/key_inventory.csv", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.keys.is_dir():
        log.error("no key staging directory at %s", args.keys)
        return 2
    records = list(scan(args.keys))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["owner", "file", "type", "fingerprint", "bits",
                         "comment", "verdict"])
        for r in records:
            writer.writerow([r.owner, r.source, r.key_type, r.fingerprint,
                             r.bits, r.comment, r.verdict])
    flagged = sum(1 for r in records if r.verdict != "ok")
    log.info("%d keys inventoried, %d flagged -> %s", len(records), flagged,
             args.out)
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
