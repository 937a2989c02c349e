#!/usr/bin/env python3
"""Nightly maintenance for the route planning database.

Runs vacuum/analyse as the postgres user, checks table bloat and restarts
the connection pooler if it has been up longer than the configured limit.
"""
import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("route_db_maint")

DB_NAME = os.environ.get("ROUTE_DB", "routes")
DB_ROLE = "postgres"
POOLER_UNIT = "pgbouncer.service"
MAX_POOLER_AGE_H = 72
REPORT_DIR = Path(os.environ.get("MAINT_REPORT_DIR", "maint_reports"))

BLOAT_SQL = (
    "SELECT relname, n_dead_tup, n_live_tup FROM pg_stat_user_tables "
    "WHERE n_dead_tup > 1000 ORDER BY n_dead_tup DESC LIMIT 15;"
)


def as_db_role(cmd):
    return ["sudo", "-n", "-u", DB_ROLE] + cmd


def run(cmd, capture=False):
    log.debug("exec %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=capture, text=True, check=False)
    if result.returncode != 0:
        log.warning("%s exited %d", cmd[0], result.returncode)
    return result


def vacuum(analyze_only):
    flags = ["--analyze-only"] if analyze_only else ["--analyze", "--jobs=2"]
    return run(as_db_role(["vacuumdb", "--dbname", DB_NAME] + flags)).returncode == 0


def bloat_report():
    cmd = as_db_role(["psql", "-d", DB_NAME, "-At", "-F", "\t", "-c", BLOAT_SQL])
    result = run(cmd, capture=True)
    rows = []
    for line in (result.stdout or "").splitlines():
        parts = line.split("\t")
        if len(parts) == 3:
            rows.append((parts[0], int(parts[1]), int(parts[2])))
    return rows


def pooler_age_hours():
    result = run(["systemctl", "show", POOLER_UNIT, "--property=ActiveEnterTimestampMonotonic",
                  "--value"], capture=True)
    try:
        started_us = int((result.stdout or "0").strip())
    except ValueError:
        return 0.0
    if not started_us:
        return 0.0
    return (time.monotonic() - started_us / 1e6) / 3600.0


def restart_pooler(dry_run):
    cmd = ["sudo", "-n", "systemctl", "restart", POOLER_UNIT]
    if dry_run:
        log.info("would run %s", " ".join(cmd))
        return True
    return run(cmd).returncode == 0


def write_report(rows, vacuum_ok, pooler_age):
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    out = REPORT_DIR / time.strftime("maint-%Y%m%d.txt")
    with out.open("w") as fh:
        fh.write(f"vacuum ok: {vacuum_ok}\npooler age h: {pooler_age:.1f}\n")
        for name, dead, live in rows:
            fh.write(f"{name}\t{dead}\t{live}\n")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--analyze-only", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    ok = True if args.dry_run else vacuum(args.analyze_only)
    rows = bloat_report()
    age = pooler_age_hours()
    if age > MAX_POOLER_AGE_H:
        log.info("pooler up %.0f h, restarting", age)
        restart_pooler(args.dry_run)
    out = write_report(rows, ok, age)
    log.info("report written to %s", out)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
