#!/usr/bin/env python3
"""Archive last season's kit hire records (hire forms, waivers, damage photos).

Walks the kit hire records folder, encrypts every record older than the
cut-off into archive/<season>/ with AES-GCM and keeps an index so single
records can be restored later when an insurer or member asks for one.
The season key is written next to the archive with owner-only permissions
so the treasurer can move both to the club's offline drive.

    kit_hire_records_archive.py archive --season 2024 --older-than 120
    kit_hire_records_archive.py restore --season 2024 waivers/2024-07-13_smith.pdf
"""
import argparse
import logging
import os
import pickle
import sys
import time
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("kit_archive")

RECORD_SUFFIXES = {".pdf", ".jpg", ".jpeg", ".png", ".csv", ".xlsx", ".docx", ".odt"}


class SeasonArchive:
    def __init__(self, root, season):
        self.dir = Path(root) / str(season)
        self.key_file = self.dir / "archive.key"
        self.index_file = self.dir / "index.pkl"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.key = self._load_or_create_key()
        self.index = self._load_index()

    def _load_or_create_key(self):
        if self.key_file.exists():
            return self.key_file.read_bytes()
        key = AESGCM.generate_key(bit_length=256)
        self.key_file.write_bytes(key)
        os.chmod(self.key_file, 0o600)
        log.info("new season key written to %s", self.key_file)
        return key

    def _load_index(self):
        if self.index_file.exists():
            with open(self.index_file, "rb") as fh:
                return pickle.load(fh)
        return {}

    def save_index(self):
        with open(self.index_file, "wb") as fh:
            pickle.dump(self.index, fh)

    def add(self, src, rel):
        nonce = os.urandom(12)
        data = src.read_bytes()
        blob = AESGCM(self.key).encrypt(nonce, data, rel.encode())
        dest = self.dir / (rel.replace(os.sep, "__") + ".kha")
        dest.write_bytes(nonce + blob)
        self.index[rel] = {"file": dest.name, "size": len(data),
                           "mtime": src.stat().st_mtime, "archived": time.time()}
        return dest

    def restore(self, rel, out_dir):
        entry = self.index.get(rel)
        if entry is None:
            raise KeyError(rel)
        raw = (self.dir / entry["file"]).read_bytes()
        data = AESGCM(self.key).decrypt(raw[:12], raw[12:], rel.encode())
        out = Path(out_dir) / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)
        os.utime(out, (entry["mtime"], entry["mtime"]))
        return out


def candidate_records(records_dir, older_than_days):
    cutoff = time.time() - older_than_days * 86400
    for dirpath, dirnames, filenames in os.walk(records_dir):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() not in RECORD_SUFFIXES:
                continue
            try:
                if path.stat().st_mtime < cutoff:
                    yield path
            except OSError as exc:
                log.warning("cannot stat %s: %s", path, exc)


def cmd_archive(args):
    archive = SeasonArchive(args.archive_root, args.season)
    done = 0
    for path in candidate_records(args.records, args.older_than):
        rel = str(path.relative_to(args.records))
        if rel in archive.index and archive.index[rel]["mtime"] == path.stat().st_mtime:
            continue
        try:
            archive.add(path, rel)
            done += 1
        except OSError as exc:
            log.error("failed to archive %s: %s", path, exc)
    archive.save_index()
    log.info("archived %d records into %s", done, archive.dir)
    return 0


def cmd_restore(args):
    archive = SeasonArchive(args.archive_root, args.season)
    status = 0
    for rel in args.records_to_restore:
        try:
            out = archive.restore(rel, args.out)
            log.info("restored %s", out)
        except KeyError:
            log.error("%s is not in the %s archive", rel, args.season)
            status = 1
    return status


def main(argv=None):
    ap = argparse.ArgumentParser(description="Kit hire records archiver")
    ap.add_argument("--records", type=Path, default=Path("kit_hire"))
    ap.add_argument("--archive-root", type=Path, default=Path("archive"))
    ap.add_argument("--season", default=str(time.localtime().tm_year - 1))
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("archive")
    a.add_argument("--older-than", type=int, default=120, metavar="DAYS")
    r = sub.add_parser("restore")
    r.add_argument("records_to_restore", nargs="+")
    r.add_argument("--out", default="restored")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    return cmd_archive(args) if args.cmd == "archive" else cmd_restore(args)


if __name__ == "__main__":
    sys.exit(main())
