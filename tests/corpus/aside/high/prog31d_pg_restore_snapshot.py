#!/usr/bin/env python3
"""Restore a pg_dump archive into a fresh database on the local cluster.

The restore runs as the postgres OS user (peer authentication), so the
script shells out through sudo. Steps:

  1. verify the archive checksum and table of contents
  2. terminate sessions on the target database and recreate it
  3. pg_restore with N parallel jobs
  4. ANALYZE and print row counts of the largest tables
"""
import argparse
import hashlib
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("restore")
PG_USER = "postgres"


def as_postgres(args, **kw):
    cmd = ["sudo", "-n", "-u", PG_USER, "--"] + list(args)
    log.debug("exec: %s", shlex.join(cmd))
    return subprocess.run(cmd, check=True, **kw)


def psql(sql: str, db: str = "postgres", capture: bool = False) -> str:
    res = as_postgres(["psql", "-X", "-v", "ON_ERROR_STOP=1", "-d", db, "-Atc", sql],
                      capture_output=capture, text=True)
    return res.stdout.strip() if capture else ""


def verify_archive(archive: Path) -> None:
    sums = archive.with_name(archive.name + ".sha256")
    if sums.exists():
        expected = sums.read_text().split()[0]
        h = hashlib.sha256()
        with archive.open("rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
        if h.hexdigest() != expected:
            raise ValueError(f"checksum mismatch for {archive}")
        log.info("checksum ok")
    else:
        log.warning("no checksum file next to %s", archive)
    toc = subprocess.run(["pg_restore", "--list", str(archive)],
                         capture_output=True, text=True, check=True).stdout
    entries = sum(1 for line in toc.splitlines() if line and not line.startswith(";"))
    log.info("archive lists %d objects", entries)


def recreate_database(db: str, owner: str) -> None:
    psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
         f"WHERE datname = '{db}' AND pid <> pg_backend_pid()")
    as_postgres(["dropdb", "--if-exists", db])
    as_postgres(["createdb", "-O", owner, "-E", "UTF8", "-T", "template0", db])
    log.info("recreated database %s owned by %s", db, owner)


def restore(archive: Path, db: str, jobs: int, owner: str) -> None:
    as_postgres(["pg_restore", "--jobs", str(jobs), "--dbname", db,
                 "--no-owner", "--role", owner, "--exit-on-error", str(archive)])
    psql("ANALYZE", db=db)


def report(db: str) -> None:
    out = psql("SELECT relname, n_live_tup FROM pg_stat_user_tables "
               "ORDER BY n_live_tup DESC LIMIT 10", db=db, capture=True)
    for line in out.splitlines():
        name, rows = line.split("|")
        print(f"  {name:<40} {int(rows):>12,}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("archive", type=Path)
    ap.add_argument("--db", required=True)
    ap.add_argument("--owner", default="app_owner")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--yes", action="store_true", help="do not ask before dropping")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.db.replace("_", "").isalnum():
        log.error("invalid database name %r", args.db)
        return 2
    try:
        verify_archive(args.archive)
        if not args.yes:
            answer = input(f"Drop and recreate database {args.db!r}? [y/N] ")
            if answer.strip().lower() != "y":
                log.info("aborted")
                return 0
        recreate_database(args.db, args.owner)
        restore(args.archive, args.db, args.jobs, args.owner)
        report(args.db)
    except (subprocess.CalledProcessError, ValueError, OSError) as exc:
        log.error("restore failed: %s", exc)
        return 1
    log.info("restore of %s into %s complete", args.archive.name, args.db)
    return 0


if __name__ == "__main__":
    sys.exit(main())
