#!/usr/bin/env python3
"""Work out when each horse is next due the farrier.

Reads horses.csv (horse, owner, last_visit, interval_weeks, work) and writes
an .ics calendar the yard manager can import, plus a plain-text due list.
"""
import argparse
import csv
import datetime as dt
import hashlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("farrier-schedule")

HORSES_CSV = Path(os.environ.get("HORSES_CSV", "horses.csv"))
OUT_ICS = Path(os.environ.get("FARRIER_ICS", "farrier_due.ics"))
FARRIER = os.environ.get("FARRIER_NAME", "J. Hollins (farrier)")
DEFAULT_INTERVAL = 6


@dataclass
class Horse:
    name: str
    owner: str
    last_visit: dt.date
    interval_weeks: int
    work: str

    @property
    def due(self):
        return self.last_visit + dt.timedelta(weeks=self.interval_weeks)


def parse_row(row):
    interval = int(row.get("interval_weeks") or DEFAULT_INTERVAL)
    return Horse(
        name=row["horse"].strip(),
        owner=row.get("owner", "").strip(),
        last_visit=dt.date.fromisoformat(row["last_visit"].strip()),
        interval_weeks=interval,
        work=(row.get("work") or "trim").strip(),
    )


def load_horses(path):
    horses = []
    with path.open(newline="", encoding="utf-8") as fh:
        for i, row in enumerate(csv.DictReader(fh), start=2):
            try:
                horses.append(parse_row(row))
            except (KeyError, ValueError) as exc:
                LOG.warning("line %d skipped: %s", i, exc)
    return horses


def event_uid(horse):
    # stable id so re-importing updates rather than duplicates the event
    key = f"{horse.name}|{horse.owner}|{horse.due.isoformat()}"
    return hashlib.md5(key.encode()).hexdigest() + "@yard.example.org"


def ics_event(horse):
    day = horse.due.strftime("%Y%m%d")
    return "\r\n".join([
        "BEGIN:VEVENT",
        f"UID:{event_uid(horse)}",
        f"DTSTART;VALUE=DATE:{day}",
        f"SUMMARY:Farrier - {horse.name} ({horse.work})",
        f"DESCRIPTION:Owner {horse.owner}. {FARRIER}",
        "END:VEVENT",
    ])


def write_ics(horses, path):
    body = "\r\n".join(ics_event(h) for h in horses)
    text = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Livery Yard//Farrier//EN\r\n"
            f"{body}\r\nEND:VCALENDAR\r\n")
    path.write_text(text, encoding="utf-8")
    LOG.info("wrote %d events to %s", len(horses), path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--csv", type=Path, default=HORSES_CSV)
    parser.add_argument("--ics", type=Path, default=OUT_ICS)
    parser.add_argument("--within", type=int, default=14,
                        help="list horses due within this many days")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    horses = sorted(load_horses(args.csv), key=lambda h: h.due)
    today = dt.date.today()
    soon = [h for h in horses if (h.due - today).days <= args.within]
    print(f"Due within {args.within} days:")
    for h in soon:
        delta = (h.due - today).days
        when = "OVERDUE" if delta < 0 else f"in {delta}d"
        print(f"  {h.due}  {h.name:<16} {h.work:<10} {when:<8} ({h.owner})")
    write_ics(horses, args.ics)


if __name__ == "__main__":
    main()
