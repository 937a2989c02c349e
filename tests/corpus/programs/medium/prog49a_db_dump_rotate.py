#!/usr/bin/env python3
"""Nightly dump of the application database with simple rotation.

Runs pg_dump as the current (unprivileged) user with the usual libpq
connection settings, compresses the dump and keeps the newest N copies in ./backups.
"""
import argparse
import logging
import shlex
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("db_dump")

STAGING = Path("/tmp/appdb_dump.sql")


def run(cmd, **kw):
    log.debug("exec: %s", " ".join(shlex.quote(c) for c in cmd))
    return subprocess.run(cmd, check=True, **kw)


def dump_database(db, host, port, user):
    cmd = ["pg_dump", "--no-owner", "--format=plain",
           "-h", host, "-p", str(port), "-U", user, "-f", str(STAGING), db]
    try:
        run(cmd, timeout=3600)
    except FileNotFoundError:
        log.error("pg_dump not installed")
        raise
    except subprocess.CalledProcessError as exc:
        log.error("pg_dump failed with %s", exc.returncode)
        raise
    return STAGING


def compress(src, dest_dir, db):
    dest_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%dT%H%M")
    target = dest_dir / f"{db}-{stamp}.sql.gz"
    with open(target, "wb") as out:
        run(["gzip", "-c", "-6", str(src)], stdout=out)
    src.unlink(missing_ok=True)
    return target


def rotate(dest_dir, db, keep):
    dumps = sorted(dest_dir.glob(f"{db}-*.sql.gz"))
    for old in dumps[:-keep] if keep > 0 else []:
        log.info("rotating out %s", old.name)
        old.unlink()


def disk_check(dest_dir, min_free_gb):
    usage = shutil.disk_usage(dest_dir if dest_dir.exists() else Path("."))
    free_gb = usage.free / 1e9
    if free_gb < min_free_gb:
        raise RuntimeError(f"only {free_gb:.1f} GB free")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("database")
    ap.add_argument("--host", default="localhost")
    ap.add_argument("--port", type=int, default=5432)
    ap.add_argument("--user", default="app")
    ap.add_argument("--dest", default="backups", type=Path)
    ap.add_argument("--keep", type=int, default=7)
    ap.add_argument("--min-free-gb", type=float, default=2.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        disk_check(args.dest, args.min_free_gb)
        raw = dump_database(args.database, args.host, args.port, args.user)
        target = compress(raw, args.dest, args.database)
        rotate(args.dest, args.database, args.keep)
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        log.error("backup aborted: %s", exc)
        return 1
    log.info("backup written: %s (%.1f MB)", target, target.stat().st_size / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
