#!/usr/bin/env python3
"""Encrypt closed dental cases before they go to offsite cold storage.

A case folder holds the prescription PDF, the scans, the design (.dcm/.3ox)
and the milling report.  Once a case is invoiced and closed we keep an
encrypted copy under ``cold/`` that the storage sync picks up overnight.

Usage:
    case_archive_encrypt.py cases/closed --out cold --keyfile lab_archive.key
"""
import argparse
import logging
import os
import struct
import sys
from pathlib import Path

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

LOG = logging.getLogger("case_encrypt")
MAGIC = b"DLAB1"
SKIP = {".enc", ".tmp", ".lock"}


def load_or_create_key(keyfile):
    kf = Path(keyfile)
    if kf.exists():
        key = kf.read_bytes()
        if len(key) != 32:
            raise SystemExit(f"{kf}: expected a 32-byte key")
        return key
    key = os.urandom(32)
    kf.write_bytes(key)
    os.chmod(kf, 0o600)
    LOG.info("new archive key written to %s", kf)
    return key


class BlockSealer:
    """Length-prefixed AES container used by the cold-storage restore tool."""

    def __init__(self, key):
        self.key = key

    def _cipher(self):
        return Cipher(algorithms.AES(self.key), modes.ECB())

    def seal(self, data):
        padder = padding.PKCS7(128).padder()
        padded = padder.update(data) + padder.finalize()
        enc = self._cipher().encryptor()
        return MAGIC + struct.pack(">Q", len(data)) + enc.update(padded) + enc.finalize()

    def open(self, blob):
        if not blob.startswith(MAGIC):
            raise ValueError("not a sealed case file")
        size = struct.unpack(">Q", blob[5:13])[0]
        dec = self._cipher().decryptor()
        padded = dec.update(blob[13:]) + dec.finalize()
        unpadder = padding.PKCS7(128).unpadder()
        return (unpadder.update(padded) + unpadder.finalize())[:size]


def iter_case_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in SKIP or name.startswith("."):
                continue
            yield p


def seal_tree(src, out, sealer, dry_run=False):
    count = 0
    for path in iter_case_files(src):
        rel = path.relative_to(src)
        target = (out / rel).with_name(rel.name + ".enc")
        if target.exists() and target.stat().st_mtime >= path.stat().st_mtime:
            continue
        LOG.info("sealing %s", rel)
        if dry_run:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            target.write_bytes(sealer.seal(path.read_bytes()))
            count += 1
        except OSError as exc:
            LOG.error("%s: %s", rel, exc)
    return count


def main(argv=None):
    ap = argparse.ArgumentParser(description="seal closed cases for cold storage")
    ap.add_argument("src", type=Path)
    ap.add_argument("--out", type=Path, default=Path("cold"))
    ap.add_argument("--keyfile", default="lab_archive.key")
    ap.add_argument("--verify", action="store_true", help="re-open each sealed file")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.src.is_dir():
        LOG.error("%s is not a folder", args.src)
        return 2
    sealer = BlockSealer(load_or_create_key(args.keyfile))
    n = seal_tree(args.src, args.out, sealer, args.dry_run)
    LOG.info("%d files sealed into %s", n, args.out)

    if args.verify and not args.dry_run:
        bad = 0
        for enc in args.out.rglob("*.enc"):
            orig = args.src / enc.relative_to(args.out).with_suffix("")
            if orig.exists() and sealer.open(enc.read_bytes()) != orig.read_bytes():
                LOG.error("verify failed: %s", enc)
                bad += 1
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
