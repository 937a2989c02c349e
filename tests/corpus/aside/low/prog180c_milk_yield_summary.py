#!/usr/bin/env python3
"""Monthly milk yield summary per doe and per milking group.

Reads the parlor CSV exports in a folder, totals litres per doe and per
group for the month, and writes a summary CSV plus a short text report
for the herd meeting.
"""
import argparse
import csv
import logging
import statistics
from collections import defaultdict
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("yield_summary")


class DoeYield:
    def __init__(self, tag, group):
        self.tag = tag
        self.group = group
        self.litres = []

    @property
    def total(self):
        return sum(self.litres)

    @property
    def daily_mean(self):
        return statistics.mean(self.litres) * 2 if self.litres else 0.0


def read_exports(folder: Path, month: str):
    does = {}
    for path in sorted(folder.glob("parlor_*.csv")):
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    when = datetime.strptime(row["datetime"], "%Y-%m-%d %H:%M")
                    litres = float(row["litres"])
                except (KeyError, ValueError):
                    continue
                if when.strftime("%Y-%m") != month:
                    continue
                tag = row.get("tag", "").strip()
                if not tag:
                    continue
                doe = does.setdefault(tag, DoeYield(tag, row.get("group", "?")))
                doe.litres.append(litres)
        LOG.debug("read %s", path.name)
    return does


def write_summary(does, out: Path):
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["tag", "group", "milkings", "total_l", "daily_mean_l"])
        for d in sorted(does.values(), key=lambda d: d.total, reverse=True):
            w.writerow([d.tag, d.group, len(d.litres), f"{d.total:.1f}", f"{d.daily_mean:.2f}"])


def group_report(does):
    groups = defaultdict(list)
    for d in does.values():
        groups[d.group].append(d)
    lines = []
    for g, members in sorted(groups.items()):
        total = sum(d.total for d in members)
        mean = statistics.mean(d.daily_mean for d in members)
        lines.append(f"Group {g}: {len(members)} does, {total:.0f} L total, {mean:.2f} L/doe/day")
    low = [d for d in does.values() if d.daily_mean < 1.5 and len(d.litres) > 20]
    if low:
        lines.append("Low producers to review: " + ", ".join(sorted(d.tag for d in low)))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description="Monthly milk yield summary")
    parser.add_argument("folder", type=Path, help="folder with parlor_*.csv exports")
    parser.add_argument("--month", default=datetime.now().strftime("%Y-%m"))
    parser.add_argument("-o", "--output", type=Path, default=None)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    does = read_exports(args.folder, args.month)
    if not does:
        LOG.error("no milkings found for %s in %s", args.month, args.folder)
        return 1
    out = args.output or Path(f"yield_summary_{args.month}.csv")
    write_summary(does, out)
    print(group_report(does))
    LOG.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
