#!/usr/bin/env python3
"""Nightly dump of the whole PostgreSQL cluster with simple rotation.

pg_dumpall needs superuser rights, so it runs as the postgres system
account through sudo; the compressed result is kept in ./backups.
"""
import argparse
import gzip
import logging
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("cluster_dump")

ELEVATE = ["sudo", "-n", "-u", "postgres"]


class DumpError(Exception):
    pass


def pg_cmd(*args):
    return ELEVATE + list(args)


def cluster_version():
    out = subprocess.run(pg_cmd("psql", "-Atc", "SHOW server_version"),
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise DumpError(out.stderr.strip() or "psql failed (sudo rights?)")
    return out.stdout.strip()


def dump_cluster(dest_dir, globals_only=False):
    dest_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%dT%H%M")
    kind = "globals" if globals_only else "cluster"
    target = dest_dir / f"{kind}-{stamp}.sql.gz"
    argv = pg_cmd("pg_dumpall", "--clean", "--if-exists")
    if globals_only:
        argv.append("--globals-only")
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with gzip.open(target, "wb", compresslevel=6) as gz:
        shutil.copyfileobj(proc.stdout, gz, length=1 << 20)
    _, err = proc.communicate()
    if proc.returncode != 0:
        target.unlink(missing_ok=True)
        raise DumpError(err.decode(errors="replace").strip())
    target.chmod(0o600)
    return target


def rotate(dest_dir, keep):
    for kind in ("cluster", "globals"):
        dumps = sorted(dest_dir.glob(f"{kind}-*.sql.gz"))
        for old in dumps[:-keep] if keep > 0 else []:
            log.info("rotating out %s", old.name)
            old.unlink()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dest", default="backups", type=Path)
    ap.add_argument("--keep", type=int, default=7)
    ap.add_argument("--globals-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        log.info("PostgreSQL %s", cluster_version())
        target = dump_cluster(args.dest, args.globals_only)
        rotate(args.dest, args.keep)
    except (DumpError, OSError) as exc:
        log.error("backup aborted: %s", exc)
        return 1
    log.info("backup written: %s (%.1f MB)", target, target.stat().st_size / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
