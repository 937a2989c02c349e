#!/usr/bin/env python3
"""Archive closed safeguarding records for the rowing club welfare officer.

Welfare records (incident notes, DBS check confirmations, consent forms)
live in ./records while a case is open.  Once closed they must be kept
for the retention period but out of day-to-day view.  This tool packs
closed case folders into a dated zip under ./archive, skips cases that
were already archived unchanged, and restricts the archive file to the
welfare officer's account.

Settings are read from archiver.toml in the working directory:

    records_dir = "records"
    archive_dir = "archive"
    closed_marker = "CLOSED"
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import shutil
import sys
import zipfile
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    tomllib = None

log = logging.getLogger("sg_archiver")

DEFAULTS = {"records_dir": "records", "archive_dir": "archive", "closed_marker": "CLOSED"}
CACHE_DIR = Path(".archiver_cache")
INDEX = CACHE_DIR / "index.json"


def load_settings(path="archiver.toml"):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.exists() and tomllib is not None:
        with p.open("rb") as fh:
            cfg.update(tomllib.load(fh))
    return cfg


def case_fingerprint(case_dir):
    """Content key for a case folder, used to skip unchanged re-archives."""
    h = hashlib.md5()
    for f in sorted(case_dir.rglob("*")):
        if f.is_file():
            h.update(str(f.relative_to(case_dir)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def closed_cases(records_dir, marker):
    for case in sorted(Path(records_dir).iterdir()):
        if case.is_dir() and (case / marker).exists():
            yield case


def load_index():
    try:
        return json.loads(INDEX.read_text())
    except (OSError, ValueError):
        return {}


def save_index(index):
    CACHE_DIR.mkdir(exist_ok=True)
    INDEX.write_text(json.dumps(index, indent=2, sort_keys=True))


def write_archive(cases, archive_dir):
    archive_dir = Path(archive_dir)
    archive_dir.mkdir(exist_ok=True)
    stamp = dt.date.today().strftime("%Y%m%d")
    target = archive_dir / f"safeguarding_{stamp}.zip"
    n = 1
    while target.exists():
        n += 1
        target = archive_dir / f"safeguarding_{stamp}_{n}.zip"
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for case in cases:
            for f in sorted(case.rglob("*")):
                if f.is_file():
                    zf.write(f, arcname=str(Path(case.name) / f.relative_to(case)))
    os.chmod(target, 0o600)
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--config", default="archiver.toml")
    ap.add_argument("--list", action="store_true", help="only list closed cases")
    ap.add_argument("--reset-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_settings(args.config)
    if args.reset_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cleared %s", CACHE_DIR)

    if not Path(cfg["records_dir"]).is_dir():
        log.error("records folder %s not found", cfg["records_dir"])
        return 1

    index = load_index()
    pending = []
    for case in closed_cases(cfg["records_dir"], cfg["closed_marker"]):
        key = case_fingerprint(case)
        if index.get(case.name) == key:
            log.debug("%s unchanged since last archive", case.name)
            continue
        pending.append((case, key))

    if args.list or not pending:
        for case, _ in pending:
            print(case.name)
        log.info("%d case(s) to archive", len(pending))
        return 0

    target = write_archive([c for c, _ in pending], cfg["archive_dir"])
    for case, key in pending:
        index[case.name] = key
    save_index(index)
    log.info("archived %d case(s) to %s", len(pending), target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
