#!/usr/bin/env python3
"""Build the weekly toilet cleaning rota.

Takes the staff availability sheet and the list of toilet blocks, spreads
the hourly checks fairly across the available cleaners, and produces a CSV
for the noticeboard plus a JSON message (with the CSV attached as base64)
for the facilities mailer to pick up.
"""

import argparse
import base64
import csv
import itertools
import json
import logging
import platform
import shutil
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("rota-builder")

BLOCKS = ["North Gents", "North Ladies", "Accessible", "South Gents",
          "South Ladies", "Baby Change", "HGV Showers"]
HOURS = range(6, 23)
BUILD_DIR = Path("build")


def load_staff(path):
    staff = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            days = {d.strip() for d in row.get("days", "").split(",") if d.strip()}
            staff.append({"name": row["name"], "days": days})
    return staff


def os_label():
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.platform()


class RotaBuilder:
    def __init__(self, staff, week_start):
        self.staff = staff
        self.week_start = week_start

    def available(self, day):
        name = day.strftime("%a")
        return [s["name"] for s in self.staff if name in s["days"]]

    def build(self):
        rows = []
        for offset in range(7):
            day = self.week_start + timedelta(days=offset)
            people = self.available(day)
            if not people:
                log.warning("nobody available on %s", day)
                continue
            cycle = itertools.cycle(people)
            for hour in HOURS:
                for block in BLOCKS:
                    rows.append([day.isoformat(), f"{hour:02d}:00", block, next(cycle)])
        return rows


def write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["date", "time", "block", "cleaner"])
        w.writerows(rows)


def mailer_message(csv_path, week_start):
    attachment = base64.b64encode(csv_path.read_bytes()).decode("ascii")
    return {
        "to": "facilities@example.com",
        "subject": f"Cleaning rota w/c {week_start.isoformat()}",
        "body": f"Generated on {platform.node()} ({os_label()}).",
        "attachments": [{"name": csv_path.name, "content_b64": attachment}],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("staff_csv")
    parser.add_argument("--week-start", type=date.fromisoformat,
                        default=date.today() - timedelta(days=date.today().weekday()))
    parser.add_argument("--clean", action="store_true",
                        help="remove the build directory first")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean and BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
        log.info("removed old %s/", BUILD_DIR)
    BUILD_DIR.mkdir(exist_ok=True)

    try:
        staff = load_staff(args.staff_csv)
    except (OSError, KeyError) as exc:
        log.error("cannot read staff sheet: %s", exc)
        return 1

    rows = RotaBuilder(staff, args.week_start).build()
    csv_path = BUILD_DIR / f"rota_{args.week_start.isoformat()}.csv"
    write_csv(rows, csv_path)
    msg_path = BUILD_DIR / "mailer_message.json"
    msg_path.write_text(json.dumps(mailer_message(csv_path, args.week_start), indent=2))
    log.info("rota with %d checks written to %s", len(rows), csv_path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
