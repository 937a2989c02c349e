#!/usr/bin/env python3
"""End-of-shift rollover for the route tools on a depot terminal.

Run at the end of a shift from the route tools' working directory:

  * zips the day's route sheets from ./routes into ./archive/<date>.zip
  * removes ./cache and ./build leftovers from the route tools
  * rotates the route tools' own log (./route_tools.log)
  * writes a short shift summary to ./archive/<date>.summary.json
"""
import argparse
import datetime as dt
import json
import logging
import os
import shutil
import sys
import zipfile
from pathlib import Path

log = logging.getLogger("shift_rollover")

TOOL_LOG = Path("route_tools.log")
KEEP_LOGS = 7


def archive_routes(routes, archive_dir, day, dry_run=False):
    sheets = sorted(p for p in routes.glob("*") if p.suffix in (".pdf", ".csv", ".txt"))
    if not sheets:
        log.info("no route sheets to archive")
        return 0
    archive_dir.mkdir(parents=True, exist_ok=True)
    target = archive_dir / f"{day}.zip"
    if dry_run:
        log.info("would archive %d sheets to %s", len(sheets), target)
        return len(sheets)
    with zipfile.ZipFile(target, "a", compression=zipfile.ZIP_DEFLATED) as zf:
        existing = set(zf.namelist())
        for s in sheets:
            if s.name not in existing:
                zf.write(s, arcname=s.name)
    for s in sheets:
        s.unlink()
    log.info("archived %d sheets to %s", len(sheets), target)
    return len(sheets)


def clean_workdirs(dirs, dry_run=False):
    for d in dirs:
        if d.is_dir():
            if dry_run:
                log.info("would remove %s", d)
            else:
                shutil.rmtree(d, ignore_errors=True)
                log.info("removed %s", d)


def rotate_tool_log(day, dry_run=False):
    """Move ./route_tools.log to ./logs/route_tools.<day>.log, keep the last few."""
    if not TOOL_LOG.exists() or TOOL_LOG.stat().st_size == 0:
        return None
    logs_dir = Path("logs")
    target = logs_dir / f"route_tools.{day}.log"
    if dry_run:
        log.info("would rotate %s to %s", TOOL_LOG, target)
        return target
    logs_dir.mkdir(exist_ok=True)
    with open(TOOL_LOG, "rb") as src, open(target, "ab") as dst:
        shutil.copyfileobj(src, dst)
    TOOL_LOG.write_text("")
    old = sorted(logs_dir.glob("route_tools.*.log"))[:-KEEP_LOGS]
    for p in old:
        p.unlink()
        log.info("dropped old log %s", p.name)
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--routes", type=Path, default=Path("routes"))
    ap.add_argument("--archive", type=Path, default=Path("archive"))
    ap.add_argument("--driver", default=os.environ.get("DRIVER_ID", "unknown"))
    ap.add_argument("--no-rotate", dest="rotate", action="store_false",
                    help="leave ./route_tools.log in place")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    day = dt.date.today().isoformat()

    try:
        count = archive_routes(args.routes, args.archive, day, args.dry_run)
    except (OSError, zipfile.BadZipFile) as exc:
        log.error("archiving failed: %s", exc)
        return 1

    clean_workdirs([Path("cache"), Path("build")], args.dry_run)

    rotated = None
    if args.rotate:
        rotated = rotate_tool_log(day, args.dry_run)

    summary = {"day": day, "driver": args.driver, "sheets": count,
               "log": str(rotated) if rotated else None,
               "closed_at": dt.datetime.now().isoformat()}
    if not args.dry_run:
        args.archive.mkdir(parents=True, exist_ok=True)
        (args.archive / f"{day}.summary.json").write_text(json.dumps(summary, indent=2))
    log.info("shift rolled over: %s", summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
