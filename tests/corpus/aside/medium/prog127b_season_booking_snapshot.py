#!/usr/bin/env python3
"""End-of-season encrypted snapshot of the campsite booking exports.

Walks the ./bookings folder, writes an AES-GCM encrypted copy of each export
into ./snapshots/<season>/, and keeps an index so a single file can be
restored later. Originals are left in place; the office clears them by hand
once the snapshot has been copied to the USB backup drive.
"""
import argparse
import logging
import os
import pickle
from datetime import datetime
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("snapshot")

RECORD_SUFFIXES = {".csv", ".xlsx", ".ods", ".pdf", ".sqlite", ".json"}
KEY_FILE = Path("snapshot.key")


def load_or_create_key():
    if KEY_FILE.exists():
        return bytes.fromhex(KEY_FILE.read_text().strip())
    key = AESGCM.generate_key(bit_length=256)
    KEY_FILE.write_text(key.hex())
    os.chmod(KEY_FILE, 0o600)
    log.info("created new snapshot key in %s - copy it to the safe", KEY_FILE)
    return key


class SnapshotIndex:
    def __init__(self, path):
        self.path = path
        self.entries = {}
        if path.exists():
            with path.open("rb") as fh:
                self.entries = pickle.load(fh)

    def add(self, source, target, size):
        self.entries[str(source)] = {"target": str(target), "size": size,
                                     "at": datetime.now().isoformat(timespec="seconds")}

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.entries, fh)


def candidate_files(root):
    for dirpath, _dirs, filenames in os.walk(root):
        for fn in sorted(filenames):
            p = Path(dirpath, fn)
            if p.suffix.lower() in RECORD_SUFFIXES and p.is_file():
                yield p


def encrypt_copy(src, root, dest_root, aead):
    rel = src.relative_to(root)
    dest = dest_root / rel.with_name(rel.name + ".enc")
    dest.parent.mkdir(parents=True, exist_ok=True)
    nonce = os.urandom(12)
    data = src.read_bytes()
    dest.write_bytes(nonce + aead.encrypt(nonce, data, str(rel).encode()))
    return dest, len(data)


def restore(index, name, root, aead):
    entry = index.entries.get(str(root / name))
    if not entry:
        raise SystemExit(f"{name} not in snapshot index")
    blob = Path(entry["target"]).read_bytes()
    data = aead.decrypt(blob[:12], blob[12:], name.encode())
    out = Path("restored") / name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    log.info("restored %s -> %s", name, out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default="bookings")
    ap.add_argument("--season", default=str(datetime.now().year))
    ap.add_argument("--restore", metavar="RELPATH")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = Path(args.source)
    dest_root = Path("snapshots") / args.season
    dest_root.mkdir(parents=True, exist_ok=True)
    aead = AESGCM(load_or_create_key())
    index = SnapshotIndex(dest_root / "index.pkl")

    if args.restore:
        restore(index, args.restore, root, aead)
        return

    count = 0
    for src in candidate_files(root):
        try:
            target, size = encrypt_copy(src, root, dest_root, aead)
        except OSError as exc:
            log.warning("could not snapshot %s: %s", src, exc)
            continue
        index.add(src, target, size)
        count += 1
    index.save()
    log.info("snapshot %s: %d files written to %s", args.season, count, dest_root)


if __name__ == "__main__":
    main()
