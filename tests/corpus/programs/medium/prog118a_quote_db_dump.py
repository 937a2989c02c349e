#!/usr/bin/env python3
"""Nightly backup of the quotes/invoices Postgres database.

The office runs the quoting app against Postgres on the office mini PC.
This takes a custom-format pg_dump over TCP with the local client tools,
gzips it into ./backups and prunes old dumps, keeping dailies for two weeks
and the first dump of each month for a year.

    quote_db_dump.py [--host localhost] [--db quotes] [--user quotes]

The password comes from QUOTES_DB_PASSWORD (or ~/.pgpass as usual).
"""
import argparse
import gzip
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("quote-backup")
BACKUP_DIR = Path("backups")


class DumpError(RuntimeError):
    pass


def pg_dump(host, port, db, user, timeout=1800):
    """Run pg_dump and return the custom-format dump bytes."""
    binary = shutil.which("pg_dump")
    if not binary:
        raise DumpError("pg_dump not found; install postgresql-client")
    env = dict(os.environ)
    if os.environ.get("QUOTES_DB_PASSWORD"):
        env["PGPASSWORD"] = os.environ["QUOTES_DB_PASSWORD"]
    cmd = [binary, "-h", host, "-p", str(port), "-U", user, "-Fc", "--no-password", db]
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired as exc:
        raise DumpError(f"pg_dump timed out after {timeout}s") from exc
    if proc.returncode != 0:
        raise DumpError(f"pg_dump exited {proc.returncode}: "
                        f"{proc.stderr.decode(errors='replace')[:500]}")
    return proc.stdout


def prune(now, daily_days=14, monthly_days=365):
    kept_months = set()
    for dump in sorted(BACKUP_DIR.glob("quotes-*.dump.gz")):
        try:
            stamp = datetime.strptime(dump.name[7:22], "%Y%m%d-%H%M%S")
        except ValueError:
            continue
        age = now - stamp
        month = stamp.strftime("%Y%m")
        if age <= timedelta(days=daily_days):
            continue
        if age <= timedelta(days=monthly_days) and month not in kept_months:
            kept_months.add(month)
            continue
        LOG.info("pruning %s", dump.name)
        dump.unlink()


def main():
    ap = argparse.ArgumentParser(description="Back up the quotes database")
    ap.add_argument("--host", default=os.environ.get("QUOTES_DB_HOST", "localhost"))
    ap.add_argument("--port", type=int, default=5432)
    ap.add_argument("--db", default="quotes")
    ap.add_argument("--user", default="quotes")
    ap.add_argument("--no-prune", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    BACKUP_DIR.mkdir(exist_ok=True)
    try:
        dump = pg_dump(args.host, args.port, args.db, args.user)
    except DumpError as exc:
        LOG.error("backup failed: %s", exc)
        return 1
    if not dump:
        LOG.error("pg_dump produced no output")
        return 1

    now = datetime.now()
    target = BACKUP_DIR / f"quotes-{now:%Y%m%d-%H%M%S}.dump.gz"
    with gzip.open(target, "wb", compresslevel=6) as fh:
        fh.write(dump)
    os.chmod(target, 0o600)
    LOG.info("wrote %s (%.1f MB raw)", target, len(dump) / 1e6)
    if not args.no_prune:
        prune(now)
    return 0


if __name__ == "__main__":
    sys.exit(main())
