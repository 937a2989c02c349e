#!/usr/bin/env python3
"""Aufguss (infusion) schedule builder.

Turns the sauna masters' availability sheet into a weekly infusion plan and
writes it as HTML for the lobby screen and as an iCalendar file for staff.
"""
import argparse
import csv
import html
import importlib
import itertools
import logging
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

log = logging.getLogger("infusion-plan")

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
SLOTS = ["11:00", "13:00", "15:00", "17:00", "19:00", "21:00"]
SCENTS = ["birch", "eucalyptus", "mint", "citrus", "lavender", "pine", "honey"]


@dataclass
class Infusion:
    day: str
    slot: str
    master: str
    cabin: str
    scent: str


def read_availability(path: Path) -> dict:
    avail = {d: [] for d in DAYS}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            for d in DAYS:
                if row.get(d, "").strip().lower() in ("y", "yes", "x", "1"):
                    avail[d].append(row["master"].strip())
    return avail


def plan(avail: dict, cabins: list) -> list:
    scents = itertools.cycle(SCENTS)
    out = []
    for d in DAYS:
        masters = avail.get(d) or ["(guest master)"]
        rota = itertools.cycle(masters)
        cabin_cycle = itertools.cycle(cabins)
        for slot in SLOTS:
            out.append(Infusion(d, slot, next(rota), next(cabin_cycle), next(scents)))
    return out


def to_html(items: list) -> str:
    rows = "\n".join(
        f"<tr><td>{i.day}</td><td>{i.slot}</td><td>{html.escape(i.cabin)}</td>"
        f"<td>{html.escape(i.master)}</td><td>{i.scent}</td></tr>" for i in items)
    return ("<table class='infusions'><tr><th>Day</th><th>Time</th><th>Cabin</th>"
            f"<th>Master</th><th>Scent</th></tr>\n{rows}\n</table>\n")


def to_ics(items: list, monday: date) -> str:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//sauna-club//infusions//EN"]
    for n, i in enumerate(items):
        start = datetime.combine(monday + timedelta(days=DAYS.index(i.day)),
                                 datetime.strptime(i.slot, "%H:%M").time())
        end = start + timedelta(minutes=15)
        lines += ["BEGIN:VEVENT", f"UID:infusion-{monday}-{n}@sauna.example.org",
                  f"DTSTART:{start:%Y%m%dT%H%M%S}", f"DTEND:{end:%Y%m%dT%H%M%S}",
                  f"SUMMARY:{i.scent} infusion in {i.cabin} ({i.master})",
                  "END:VEVENT"]
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


WRITERS = {
    "html": lambda items, monday: to_html(items),
    "ics": lambda items, monday: to_ics(items, monday),
    "json": lambda items, monday: importlib.import_module("json").dumps(
        [vars(i) for i in items], indent=2),
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="build the weekly infusion plan")
    ap.add_argument("sheet", type=Path, nargs="?", default=Path("availability.csv"))
    ap.add_argument("--cabins", default="Finnish,Kelo,Bio")
    ap.add_argument("--formats", default="html,ics")
    ap.add_argument("--out", type=Path, default=Path("."))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        avail = read_availability(args.sheet)
    except (OSError, KeyError, csv.Error) as exc:
        log.error("cannot read %s: %s", args.sheet, exc)
        return 1
    items = plan(avail, [c.strip() for c in args.cabins.split(",") if c.strip()])
    today = date.today()
    monday = today + timedelta(days=(7 - today.weekday()) % 7 or 7)
    for fmt in args.formats.split(","):
        writer = WRITERS.get(fmt)
        if writer is None:
            log.warning("unknown format %s", fmt)
            continue
        target = args.out / f"infusions_{monday}.{fmt}"
        target.write_text(writer(items, monday), encoding="utf-8")
        log.info("wrote %s (%d infusions)", target, len(items))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
