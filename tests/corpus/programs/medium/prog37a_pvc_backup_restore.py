#!/usr/bin/env python3
"""Restore persistent-volume backups produced by the nightly pvc-backup job.

Backups live in ./backups as <namespace>__<pvc>__<timestamp>.tar.gz.enc,
encrypted with the Fernet key from BACKUP_ENCRYPTION_KEY. An index written by
the backup job (backups/index.pkl) maps each archive to its source workload.
The chosen archive is decrypted in memory and unpacked into ./restore/<pvc>
for inspection or for copying back with `kubectl cp`.
"""
import argparse
import io
import logging
import os
import pickle
import sys
import tarfile
from datetime import datetime
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

log = logging.getLogger("pvc-restore")

BACKUP_DIR = Path("backups")
RESTORE_ROOT = Path("restore")


class Archive:
    def __init__(self, path):
        self.path = path
        stem = path.name[: -len(".tar.gz.enc")]
        self.namespace, self.pvc, stamp = stem.split("__")
        self.taken_at = datetime.strptime(stamp, "%Y%m%dT%H%M%SZ")

    def __repr__(self):
        return f"{self.namespace}/{self.pvc}@{self.taken_at:%Y-%m-%d %H:%M}"


def load_index():
    index_file = BACKUP_DIR / "index.pkl"
    if not index_file.exists():
        log.warning("no index.pkl, workload metadata unavailable")
        return {}
    with index_file.open("rb") as fh:
        return pickle.load(fh)


def list_archives(namespace=None, pvc=None):
    archives = []
    for path in BACKUP_DIR.glob("*.tar.gz.enc"):
        try:
            arc = Archive(path)
        except ValueError:
            log.debug("skipping unrecognised file %s", path.name)
            continue
        if namespace and arc.namespace != namespace:
            continue
        if pvc and arc.pvc != pvc:
            continue
        archives.append(arc)
    return sorted(archives, key=lambda a: a.taken_at, reverse=True)


def decrypt(archive, key):
    token = archive.path.read_bytes()
    try:
        return Fernet(key).decrypt(token)
    except InvalidToken:
        raise SystemExit(f"cannot decrypt {archive.path.name}: wrong BACKUP_ENCRYPTION_KEY?")


def unpack(plain, destination):
    destination.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(plain), mode="r:gz") as tar:
        members = tar.getmembers()
        tar.extractall(path=destination)
    return len(members)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    ls = sub.add_parser("list", help="show available backups")
    ls.add_argument("--namespace")
    rs = sub.add_parser("restore", help="unpack a backup into ./restore")
    rs.add_argument("namespace")
    rs.add_argument("pvc")
    rs.add_argument("--at", help="timestamp YYYYmmddTHHMMSSZ (default newest)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    index = load_index()

    if args.cmd == "list":
        for arc in list_archives(args.namespace):
            meta = index.get(arc.path.name, {})
            print(f"{arc!r:50} {meta.get('workload', '-'):30} {arc.path.stat().st_size:>12}")
        return 0

    key = os.environ.get("BACKUP_ENCRYPTION_KEY")
    if not key:
        log.error("BACKUP_ENCRYPTION_KEY not set")
        return 2

    candidates = list_archives(args.namespace, args.pvc)
    if args.at:
        candidates = [a for a in candidates if a.taken_at.strftime("%Y%m%dT%H%M%SZ") == args.at]
    if not candidates:
        log.error("no backup found for %s/%s", args.namespace, args.pvc)
        return 1

    chosen = candidates[0]
    dest = RESTORE_ROOT / args.namespace / args.pvc / chosen.taken_at.strftime("%Y%m%dT%H%M%S")
    log.info("restoring %r into %s", chosen, dest)
    count = unpack(decrypt(chosen, key.encode()), dest)
    log.info("extracted %d entries; workload: %s", count,
             index.get(chosen.path.name, {}).get("workload", "unknown"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
