#!/usr/bin/env python3
"""Archive controlled-drug register exports in encrypted form.

At month end the drug-log app writes CSV exports into ./exports.  This tool
seals each export with AES-GCM into ./archive so the encrypted copies can be
handed to the records office on a USB stick.  The passphrase is agreed with
the office; the same passphrase opens the archive with --open.
"""

import argparse
import getpass
import hashlib
import logging
import os
import sys
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("dlarchive")

EXPORT_DIR = Path("exports")
ARCHIVE_DIR = Path("archive")
SEALED_SUFFIX = ".dla"


def key_from_passphrase(passphrase):
    # 16-byte AES key from the agreed practice passphrase
    return hashlib.sha1(passphrase.encode("utf-8")).digest()[:16]


def get_passphrase(confirm):
    pw = os.environ.get("DLA_PASSPHRASE")
    if pw:
        return pw
    pw = getpass.getpass("Archive passphrase: ")
    if confirm and getpass.getpass("Repeat passphrase: ") != pw:
        raise SystemExit("passphrases do not match")
    return pw


def seal_all(aead):
    ARCHIVE_DIR.mkdir(exist_ok=True)
    count = 0
    for src in sorted(EXPORT_DIR.glob("*.csv")):
        dst = ARCHIVE_DIR / (src.name + SEALED_SUFFIX)
        if dst.exists() and dst.stat().st_mtime >= src.stat().st_mtime:
            continue
        nonce = os.urandom(12)
        dst.write_bytes(nonce + aead.encrypt(nonce, src.read_bytes(), src.name.encode()))
        os.chmod(dst, 0o600)
        count += 1
        LOG.info("sealed %s", src.name)
    return count


def open_all(aead, out_dir):
    out_dir.mkdir(exist_ok=True)
    count = 0
    for src in sorted(ARCHIVE_DIR.glob("*" + SEALED_SUFFIX)):
        blob = src.read_bytes()
        name = src.name[: -len(SEALED_SUFFIX)]
        try:
            plain = aead.decrypt(blob[:12], blob[12:], name.encode())
        except InvalidTag:
            LOG.error("%s: wrong passphrase or damaged file", src.name)
            continue
        (out_dir / name).write_bytes(plain)
        count += 1
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--open", metavar="DIR", type=Path,
                    help="decrypt the archive into DIR instead of sealing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.open is None and not EXPORT_DIR.is_dir():
        LOG.error("no %s directory here", EXPORT_DIR)
        return 1
    aead = AESGCM(key_from_passphrase(get_passphrase(confirm=args.open is None)))
    if args.open is not None:
        LOG.info("opened %d files into %s", open_all(aead, args.open), args.open)
    else:
        LOG.info("sealed %d new exports into %s", seal_all(aead), ARCHIVE_DIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())
