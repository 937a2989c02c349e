#!/usr/bin/env python3
"""Fetch the week's class timetable for the Larkspur Ballet teachers' board.

Downloads the published timetable JSON from the studio website, groups the
classes by studio and day, and writes a CSV plus a plain-text summary that
the office prints for the staff room noticeboard.
"""
import argparse
import csv
import json
import logging
import os
from collections import defaultdict
from datetime import date
from pathlib import Path
from urllib.request import Request, urlopen

LOG = logging.getLogger("timetable")

TIMETABLE_URL = os.environ.get(
    "LARKSPUR_TIMETABLE_URL",
    "https://www.larkspurballet.example.com/api/timetable/week.json",
)
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


class Timetable:
    def __init__(self, classes):
        self.classes = classes

    @classmethod
    def fetch(cls, url, timeout=15):
        req = Request(url, headers={"User-Agent": "larkspur-noticeboard/1.2"})
        with urlopen(req, timeout=timeout) as resp:
            payload = json.load(resp)
        LOG.info("fetched %d classes", len(payload.get("classes", [])))
        return cls(payload.get("classes", []))

    @classmethod
    def from_file(cls, path):
        return cls(json.loads(Path(path).read_text()).get("classes", []))

    def by_studio_day(self):
        grid = defaultdict(list)
        for c in self.classes:
            grid[(c.get("studio", "?"), c.get("day", "?"))].append(c)
        for slots in grid.values():
            slots.sort(key=lambda c: c.get("start", ""))
        return grid

    def teacher_load(self):
        load = defaultdict(int)
        for c in self.classes:
            load[c.get("teacher", "unassigned")] += int(c.get("minutes", 60))
        return dict(load)


def write_csv(tt, path):
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["day", "start", "end", "studio", "class", "teacher"])
        for c in sorted(tt.classes, key=lambda c: (DAYS.index(c.get("day", "Mon")),
                                                   c.get("start", ""))):
            w.writerow([c.get("day"), c.get("start"), c.get("end"), c.get("studio"),
                        c.get("name"), c.get("teacher")])
    LOG.info("wrote %s", path)


def write_summary(tt, path):
    lines = [f"Larkspur Ballet timetable - week of {date.today():%d %b %Y}", ""]
    for (studio, day), slots in sorted(tt.by_studio_day().items(),
                                       key=lambda kv: (kv[0][0], DAYS.index(kv[0][1])
                                                       if kv[0][1] in DAYS else 9)):
        lines.append(f"Studio {studio} - {day}")
        for c in slots:
            lines.append(f"  {c.get('start')}-{c.get('end')}  {c.get('name')} ({c.get('teacher')})")
    lines.append("")
    for teacher, minutes in sorted(tt.teacher_load().items()):
        lines.append(f"{teacher}: {minutes / 60:.1f} h")
    path.write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description="Teachers' board timetable")
    ap.add_argument("--offline", type=Path, help="use a saved JSON file instead")
    ap.add_argument("--out", type=Path, default=Path("."))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    tt = Timetable.from_file(args.offline) if args.offline else Timetable.fetch(TIMETABLE_URL)
    args.out.mkdir(exist_ok=True)
    write_csv(tt, args.out / "timetable.csv")
    write_summary(tt, args.out / "timetable.txt")


if __name__ == "__main__":
    main()
