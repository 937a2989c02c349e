#!/usr/bin/env python3
"""Archive hull inspection photos taken at haul-out.

Surveyors drop photos into photos/<vessel>/ during each lift. This walks
that folder, packs each vessel's new photos into a dated tar.gz under
backups/, and writes a SHA-256 manifest so the archive can be checked
later. The original photos are left where they are.
"""

import argparse
import datetime as dt
import hashlib
import json
import logging
import tarfile
from pathlib import Path

log = logging.getLogger("photo_backup")

PHOTO_TYPES = {".jpg", ".jpeg", ".png", ".heic", ".tif"}
STATE_FILE = "backup_state.json"


def sha256_of(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            h.update(block)
    return h.hexdigest()


def load_state(backup_dir):
    p = backup_dir / STATE_FILE
    if p.exists():
        return json.loads(p.read_text())
    return {"archived": {}}


def save_state(backup_dir, state):
    p = backup_dir / STATE_FILE
    tmp = p.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True))
    tmp.replace(p)


def new_photos(vessel_dir, already):
    for p in sorted(vessel_dir.rglob("*")):
        if p.is_file() and p.suffix.lower() in PHOTO_TYPES:
            key = str(p.relative_to(vessel_dir.parent))
            stamp = f"{p.stat().st_size}:{int(p.stat().st_mtime)}"
            if already.get(key) != stamp:
                yield p, key, stamp


def archive_vessel(vessel_dir, backup_dir, state, today):
    items = list(new_photos(vessel_dir, state["archived"]))
    if not items:
        return 0
    name = f"{vessel_dir.name}_{today:%Y%m%d}.tar.gz"
    target = backup_dir / name
    suffix = 1
    while target.exists():
        target = backup_dir / f"{vessel_dir.name}_{today:%Y%m%d}_{suffix}.tar.gz"
        suffix += 1
    manifest = {}
    with tarfile.open(target, "w:gz") as tar:
        for path, key, stamp in items:
            tar.add(path, arcname=key)
            manifest[key] = sha256_of(path)
            state["archived"][key] = stamp
    target.with_suffix(".sha256.json").write_text(json.dumps(manifest, indent=2))
    log.info("%s: %d photos -> %s", vessel_dir.name, len(items), target.name)
    return len(items)


def verify(backup_dir):
    bad = 0
    for archive in sorted(backup_dir.glob("*.tar.gz")):
        manifest_path = archive.with_suffix(".sha256.json")
        if not manifest_path.exists():
            log.warning("no manifest for %s", archive.name)
            continue
        expected = json.loads(manifest_path.read_text())
        with tarfile.open(archive, "r:gz") as tar:
            for member in tar.getmembers():
                fh = tar.extractfile(member)
                if fh is None:
                    continue
                digest = hashlib.sha256(fh.read()).hexdigest()
                if expected.get(member.name) != digest:
                    log.error("%s: %s does not match manifest", archive.name, member.name)
                    bad += 1
    return bad


def main():
    ap = argparse.ArgumentParser(description="Archive haul-out photos")
    ap.add_argument("--photos", default="photos", type=Path)
    ap.add_argument("--backups", default="backups", type=Path)
    ap.add_argument("--verify", action="store_true", help="check existing archives")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    args.backups.mkdir(parents=True, exist_ok=True)
    if args.verify:
        bad = verify(args.backups)
        log.info("verification finished, %d mismatches", bad)
        raise SystemExit(1 if bad else 0)

    state = load_state(args.backups)
    total = 0
    today = dt.date.today()
    for vessel_dir in sorted(p for p in args.photos.iterdir() if p.is_dir()):
        total += archive_vessel(vessel_dir, args.backups, state, today)
    save_state(args.backups, state)
    log.info("archived %d new photos; originals kept in %s", total, args.photos)


if __name__ == "__main__":
    main()
