#!/usr/bin/env python3
"""Apply the seasonal timetable to the departure board service.

Renders the timetable config from the season sheet, installs it under
/etc/bustour and restarts the departure board service so it is picked up.
"""

import argparse
import csv
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("timetable_apply")

CONFIG_PATH = Path("/etc/bustour/timetable.conf")
SERVICE = os.environ.get("BOARD_SERVICE", "departure-board.service")


def load_season(path):
    departures = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            departures.append(
                {
                    "route": row["route"].strip(),
                    "stop": row["stop"].strip(),
                    "time": row["time"].strip(),
                    "days": row.get("days", "daily").strip() or "daily",
                }
            )
    return departures


def render(departures, season):
    lines = [f"[season]", f"name = {season}", ""]
    by_route = {}
    for dep in departures:
        by_route.setdefault(dep["route"], []).append(dep)
    for route in sorted(by_route):
        lines.append(f"[route.{route}]")
        for dep in sorted(by_route[route], key=lambda d: d["time"]):
            lines.append(f"{dep['time']} = {dep['stop']} ; {dep['days']}")
        lines.append("")
    return "\n".join(lines)


def install(text, target):
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".conf") as tmp:
        tmp.write(text)
        staged = tmp.name
    try:
        if os.geteuid() == 0:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(staged, target)
            os.chmod(target, 0o644)
        else:
            subprocess.run(["sudo", "install", "-D", "-m", "644", staged, str(target)], check=True)
    finally:
        os.unlink(staged)
    LOG.info("installed %s", target)


def restart_service(name):
    cmd = ["systemctl", "restart", name]
    if os.geteuid() != 0:
        cmd.insert(0, "sudo")
    subprocess.run(cmd, check=True)
    state = subprocess.run(["systemctl", "is-active", name], capture_output=True, text=True)
    LOG.info("%s is %s", name, state.stdout.strip())


def parse_args():
    parser = argparse.ArgumentParser(description="Apply seasonal timetable")
    parser.add_argument("sheet", type=Path)
    parser.add_argument("--season", default="summer")
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO)
    departures = load_season(args.sheet)
    if not departures:
        LOG.error("sheet has no departures")
        return 1
    text = render(departures, args.season)
    if args.dry_run:
        print(text)
        return 0
    install(text, CONFIG_PATH)
    restart_service(SERVICE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
