#!/usr/bin/env python3
"""Lint exported authorized_keys bundles kept in ./keyring/ of the ops repo.

For each bundle we decode the key blob, check type and size, compute the
OpenSSH-style SHA256 fingerprint and write a JSON inventory next to it.
Nothing leaves the machine; the inventory is reviewed in a merge request.
"""
import argparse
import base64
import binascii
import hashlib
import json
import logging
import os
import struct
from pathlib import Path

LOG = logging.getLogger("keylint")
ALLOWED = {"ssh-ed25519", "ecdsa-sha2-nistp256", "ssh-rsa", "sk-ssh-ed25519@openssh.com"}
OPTION_PREFIXES = ("command=", "from=", "no-", "restrict", "environment=", "permitopen=")


class KeyIssue(Exception):
    pass


def _read_string(blob: bytes, offset: int):
    (length,) = struct.unpack(">I", blob[offset:offset + 4])
    start = offset + 4
    return blob[start:start + length], start + length


def rsa_bits(blob: bytes) -> int:
    _, off = _read_string(blob, 0)
    _, off = _read_string(blob, off)          # exponent
    modulus, _ = _read_string(blob, off)
    return (len(modulus.lstrip(b"\x00"))) * 8


def inspect_line(line: str) -> dict:
    parts = line.split()
    if parts and parts[0].startswith(OPTION_PREFIXES):
        options, parts = parts[0], parts[1:]
    else:
        options = ""
    if len(parts) < 2:
        raise KeyIssue("truncated line")
    ktype, b64 = parts[0], parts[1]
    comment = " ".join(parts[2:])
    if ktype not in ALLOWED:
        raise KeyIssue(f"key type {ktype} not allowed")
    try:
        blob = base64.b64decode(b64, validate=True)
    except binascii.Error as exc:
        raise KeyIssue(f"bad base64: {exc}") from exc
    fp = base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")
    entry = {"type": ktype, "fingerprint": f"SHA256:{fp}", "comment": comment, "options": options}
    if ktype == "ssh-rsa":
        entry["bits"] = rsa_bits(blob)
        if entry["bits"] < 3072:
            raise KeyIssue(f"RSA key too short ({entry['bits']} bits) for {comment}")
    return entry


def lint_bundle(path: Path):
    good, problems = [], []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            good.append(inspect_line(line))
        except KeyIssue as exc:
            problems.append({"line": lineno, "problem": str(exc)})
    return good, problems


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--keyring", default="keyring", help="directory of *.authorized_keys bundles")
    ap.add_argument("--out", default="key_inventory.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    inventory, failed = {}, 0
    for bundle in sorted(Path(args.keyring).glob("*.authorized_keys")):
        good, problems = lint_bundle(bundle)
        inventory[bundle.stem] = {"keys": good, "problems": problems}
        failed += len(problems)
        for p in problems:
            LOG.warning("%s:%d %s", bundle.name, p["line"], p["problem"])
    out = Path(args.out)
    out.write_text(json.dumps(inventory, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.chmod(out, 0o600)
    LOG.info("wrote %s (%d bundles, %d problems)", out, len(inventory), failed)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
