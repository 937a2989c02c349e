#!/usr/bin/env python3
"""Turn the rehearsal plan spreadsheet (CSV export) into calendar files.

Each puppeteer gets their own calendar with only the calls they are in;
a combined calendar is written for the stage manager.
"""
import argparse
import csv
import logging
import sys
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("rehearsal_cal")


@dataclass
class Call:
    start: datetime
    minutes: int
    scene: str
    room: str
    cast: list = field(default_factory=list)

    @property
    def end(self):
        return self.start + timedelta(minutes=self.minutes)


def _stamp(dt: datetime) -> str:
    return dt.strftime("%Y%m%dT%H%M%S")


def to_ics(calls, name):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:-//marionette//{name}//EN"]
    for i, c in enumerate(calls):
        lines += ["BEGIN:VEVENT", f"UID:{_stamp(c.start)}-{i}@rehearsals.example.org",
                  f"DTSTART:{_stamp(c.start)}", f"DTEND:{_stamp(c.end)}",
                  f"SUMMARY:{c.scene}", f"LOCATION:{c.room}",
                  f"DESCRIPTION:Cast: {', '.join(c.cast)}", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


def to_text(calls, name):
    rows = [f"Rehearsal calls for {name}", ""]
    for c in calls:
        rows.append(f"{c.start:%a %d %b %H:%M}-{c.end:%H:%M}  {c.scene:<24} {c.room}")
    return "\n".join(rows) + "\n"


WRITERS = {"ics": to_ics, "txt": to_text}


def read_plan(path: Path):
    calls = []
    with path.open(newline="", encoding="utf-8") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                calls.append(Call(
                    start=datetime.strptime(f"{row['date']} {row['time']}", "%Y-%m-%d %H:%M"),
                    minutes=int(row.get("minutes") or 60),
                    scene=row["scene"].strip(),
                    room=row.get("room", "Main stage").strip(),
                    cast=[p.strip() for p in row.get("cast", "").split(";") if p.strip()],
                ))
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)
    return sorted(calls, key=lambda c: c.start)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("plan", type=Path)
    ap.add_argument("--out", type=Path, default=Path("calendars"))
    ap.add_argument("--format", choices=sorted(WRITERS), default="ics")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        calls = read_plan(args.plan)
    except OSError as exc:
        log.error("cannot read plan: %s", exc)
        return 1
    writer = WRITERS[args.format]
    args.out.mkdir(exist_ok=True)

    people = sorted({p for c in calls for p in c.cast})
    (args.out / f"all.{args.format}").write_text(writer(calls, "stage manager"))
    for person in people:
        mine = [c for c in calls if person in c.cast]
        slug = person.lower().replace(" ", "_")
        (args.out / f"{slug}.{args.format}").write_text(writer(mine, person))
        log.info("%-20s %d calls", person, len(mine))
    log.info("%d calls, %d calendars written to %s", len(calls), len(people) + 1, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
