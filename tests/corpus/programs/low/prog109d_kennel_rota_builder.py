#!/usr/bin/env python3
"""Build the weekly kennel cleaning rota for the shelter.

Reads volunteers and their availability from staff.csv, kennel blocks from
kennels.json, and assigns each block/shift to an available volunteer using a
rotating offset so nobody gets the isolation ward every week. Writes a CSV and
a printable HTML sheet into ./rotas/ and prints a per-volunteer tally.
"""
import argparse
import csv
import html
import json
import logging
import sys
from collections import Counter
from datetime import date, timedelta
from itertools import cycle
from pathlib import Path

LOG = logging.getLogger("kennel_rota")
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
SHIFTS = ["AM", "PM"]
OUT_DIR = Path("rotas")


def load_staff(path):
    staff = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            avail = {d.strip() for d in row.get("available", "").split(";") if d.strip()}
            staff.append({"name": row["name"].strip(), "available": avail,
                          "isolation_trained": row.get("isolation_trained", "").lower() == "yes"})
    if not staff:
        raise ValueError(f"no volunteers found in {path}")
    return staff


def load_kennels(path):
    with open(path, encoding="utf-8") as fh:
        blocks = json.load(fh)["blocks"]
    return [(b["name"], bool(b.get("isolation"))) for b in blocks]


def week_start(today=None):
    today = today or date.today()
    return today - timedelta(days=today.weekday())


def build_rota(staff, kennels, monday):
    offset = monday.isocalendar()[1] % len(staff)
    order = staff[offset:] + staff[:offset]
    pool = cycle(order)
    rota = []
    for day_idx, day in enumerate(DAYS):
        for shift in SHIFTS:
            for block, isolation in kennels:
                for _ in range(len(order)):
                    person = next(pool)
                    if day not in person["available"]:
                        continue
                    if isolation and not person["isolation_trained"]:
                        continue
                    break
                else:
                    person = {"name": "UNFILLED"}
                    LOG.warning("no volunteer for %s %s %s", day, shift, block)
                rota.append({"date": (monday + timedelta(days=day_idx)).isoformat(),
                             "day": day, "shift": shift, "block": block,
                             "volunteer": person["name"]})
    return rota


def write_csv(rota, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rota[0].keys()))
        writer.writeheader()
        writer.writerows(rota)


def write_html(rota, path, monday):
    rows = "\n".join(
        "<tr>" + "".join(f"<td>{html.escape(str(r[k]))}</td>" for k in ("day", "shift", "block", "volunteer")) + "</tr>"
        for r in rota
    )
    path.write_text(
        f"<html><head><title>Kennel rota w/c {monday}</title></head><body>"
        f"<h1>Kennel cleaning rota &ndash; week of {monday}</h1>"
        f"<table border='1'><tr><th>Day</th><th>Shift</th><th>Block</th><th>Volunteer</th></tr>"
        f"{rows}</table></body></html>",
        encoding="utf-8",
    )


def print_tally(rota):
    tally = Counter(r["volunteer"] for r in rota)
    width = max(len(n) for n in tally)
    for name, count in tally.most_common():
        print(f"  {name:<{width}}  {count:>3} slots")


def main():
    parser = argparse.ArgumentParser(description="Generate the weekly kennel cleaning rota")
    parser.add_argument("--staff", default="staff.csv")
    parser.add_argument("--kennels", default="kennels.json")
    parser.add_argument("--next-week", action="store_true", help="build the rota for next week")
    parser.add_argument("--tally", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        staff = load_staff(args.staff)
        kennels = load_kennels(args.kennels)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("cannot load inputs: %s", exc)
        return 1

    monday = week_start() + (timedelta(days=7) if args.next_week else timedelta())
    rota = build_rota(staff, kennels, monday)
    OUT_DIR.mkdir(exist_ok=True)
    stem = OUT_DIR / f"rota_{monday.isoformat()}"
    write_csv(rota, stem.with_suffix(".csv"))
    write_html(rota, stem.with_suffix(".html"), monday)
    LOG.info("wrote %s.csv and %s.html (%d slots)", stem, stem, len(rota))

    if args.tally and not args.quiet:
        print_tally(rota)
    return 0


if __name__ == "__main__":
    sys.exit(main())
