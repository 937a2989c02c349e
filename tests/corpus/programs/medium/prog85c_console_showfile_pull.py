#!/usr/bin/env python3
"""Pull show files off the lighting consoles after each session.

The main and backup desks expose their show folder over the console's
built-in file service on the lighting network. After every plotting
session this copies any show file that changed into ./showfiles/<desk>/,
keeping dated versions, so the programmer always has the last good save
on the laptop.

    python console_showfile_pull.py --desks desks.json [--since-hours 12]
"""
import argparse
import ftplib
import json
import logging
import os
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("showfile_pull")

DEFAULT_DESKS = [
    {"name": "main", "host": "10.101.10.11", "path": "/gma3_library/datapools/showfiles"},
    {"name": "backup", "host": "10.101.10.12", "path": "/gma3_library/datapools/showfiles"},
]
SHOW_EXT = (".show", ".show.gz", ".esf", ".esf3d")


def desk_login(desk):
    """Credentials come from the environment, per desk, with a shared fallback."""
    key = desk["name"].upper()
    user = os.environ.get(f"DESK_{key}_USER") or os.environ.get("DESK_USER", "guest")
    password = os.environ.get(f"DESK_{key}_PASS") or os.environ.get("DESK_PASS", "")
    return user, password


def remote_listing(ftp, path):
    ftp.cwd(path)
    entries = []
    try:
        for name, facts in ftp.mlsd(facts=["type", "size", "modify"]):
            if facts.get("type") == "file":
                entries.append((name, int(facts.get("size", 0)),
                                datetime.strptime(facts["modify"][:14], "%Y%m%d%H%M%S")))
    except ftplib.error_perm:
        # older desk firmware has no MLSD
        for name in ftp.nlst():
            try:
                stamp = ftp.voidcmd(f"MDTM {name}")[4:].strip()
                size = ftp.size(name) or 0
                entries.append((name, size, datetime.strptime(stamp[:14], "%Y%m%d%H%M%S")))
            except ftplib.error_perm:
                continue
    return [e for e in entries if e[0].lower().endswith(SHOW_EXT)]


def pull_desk(desk, dest_root, since):
    user, password = desk_login(desk)
    dest = dest_root / desk["name"]
    dest.mkdir(parents=True, exist_ok=True)
    pulled = 0
    with ftplib.FTP(desk["host"], timeout=20) as ftp:
        ftp.login(user, password)
        log.info("%s: connected (%s)", desk["name"], ftp.getwelcome().strip())
        for name, size, modified in remote_listing(ftp, desk["path"]):
            if modified < since:
                continue
            stem, dot, ext = name.partition(".")
            local = dest / f"{stem}_{modified:%Y%m%d-%H%M}{dot}{ext}"
            if local.exists() and local.stat().st_size == size:
                continue
            partial = local.with_suffix(local.suffix + ".part")
            with open(partial, "wb") as fh:
                ftp.retrbinary(f"RETR {name}", fh.write, blocksize=64 * 1024)
            partial.rename(local)
            os.utime(local, (time.time(), modified.timestamp()))
            pulled += 1
            log.info("%s: pulled %s (%d bytes)", desk["name"], name, size)
    return pulled


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--desks", help="JSON file listing desks")
    ap.add_argument("--dest", default="showfiles")
    ap.add_argument("--since-hours", type=float, default=24)
    ap.add_argument("--retries", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    desks = json.loads(Path(args.desks).read_text()) if args.desks else DEFAULT_DESKS
    since = datetime.now() - timedelta(hours=args.since_hours)
    total, failed = 0, []
    for desk in desks:
        for attempt in range(1, args.retries + 1):
            try:
                total += pull_desk(desk, Path(args.dest), since)
                break
            except (OSError, ftplib.Error) as exc:
                log.warning("%s: attempt %d failed: %s", desk["name"], attempt, exc)
                time.sleep(2 * attempt)
        else:
            failed.append(desk["name"])
    log.info("pulled %d show files; unreachable desks: %s", total, ", ".join(failed) or "none")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
