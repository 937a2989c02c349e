#!/usr/bin/env python3
"""Inventory ASCII-armored OpenPGP public keys shipped in ./keys for a release.

Parses the armor, checks the CRC24, lists packets and writes keys_inventory.json.
"""
import argparse
import base64
import hashlib
import json
import logging
import platform
import sys
from pathlib import Path

log = logging.getLogger("keyring-inventory")

BEGIN = "-----BEGIN PGP PUBLIC KEY BLOCK-----"
END = "-----END PGP PUBLIC KEY BLOCK-----"
TAGS = {6: "public-key", 13: "user-id", 14: "public-subkey", 2: "signature"}


def crc24(data: bytes) -> int:
    crc = 0xB704CE
    for byte in data:
        crc ^= byte << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    return crc & 0xFFFFFF


def dearmor(text: str):
    if BEGIN not in text:
        raise ValueError("no public key block")
    body = text.split(BEGIN, 1)[1].split(END, 1)[0].strip().splitlines()
    body = [ln for ln in body if ln and ":" not in ln]
    checksum = None
    if body and body[-1].startswith("="):
        checksum = int.from_bytes(base64.b64decode(body.pop()[1:]), "big")
    raw = base64.b64decode("".join(body))
    if checksum is not None and crc24(raw) != checksum:
        raise ValueError("CRC24 mismatch")
    return raw


def packets(raw: bytes):
    i = 0
    while i < len(raw):
        hdr = raw[i]
        if hdr & 0xC0 == 0xC0:
            tag = hdr & 0x3F
            first = raw[i + 1]
            if first < 192:
                length, hl = first, 2
            elif first < 224:
                length, hl = ((first - 192) << 8) + raw[i + 2] + 192, 3
            else:
                length, hl = int.from_bytes(raw[i + 2:i + 6], "big"), 6
        else:
            tag = (hdr >> 2) & 0x0F
            ltype = hdr & 0x03
            size = {0: 1, 1: 2, 2: 4}.get(ltype, 0)
            length, hl = int.from_bytes(raw[i + 1:i + 1 + size], "big"), 1 + size
        body = raw[i + hl:i + hl + length]
        yield tag, body
        i += hl + length


def os_label() -> str:
    try:
        info = platform.freedesktop_os_release()
        return info.get("PRETTY_NAME", "unknown")
    except OSError:
        return Path("/etc/os-release").read_text().splitlines()[0] if Path("/etc/os-release").exists() else "unknown"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keys", default="keys")
    ap.add_argument("--out", default="keys_inventory.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    report = {"built_on": os_label(), "keys": []}
    for path in sorted(Path(args.keys).glob("*.asc")):
        try:
            raw = dearmor(path.read_text())
        except ValueError as exc:
            log.warning("%s: %s", path.name, exc)
            continue
        entry = {"file": path.name, "sha256": hashlib.sha256(raw).hexdigest(), "uids": [], "packets": []}
        for tag, body in packets(raw):
            entry["packets"].append(TAGS.get(tag, f"tag{tag}"))
            if tag == 13:
                entry["uids"].append(body.decode("utf-8", "replace"))
        report["keys"].append(entry)
        log.info("%s: %s", path.name, ", ".join(entry["uids"]) or "(no uid)")

    Path(args.out).write_text(json.dumps(report, indent=2))
    print(f"{len(report['keys'])} keys inventoried -> {args.out}")


if __name__ == "__main__":
    sys.exit(main())
