#!/usr/bin/env python3
"""Export rehearsal room bookings into an iCalendar feed.

Reads the front-desk booking database (./bookings.db, table `bookings`) and
writes one .ics file per room into ./calendars, so the rooms' tablets and the
staff phones can subscribe to them.  Bank holidays are fetched once a day
and marked as closed.

Settings come from ./calsync.json if present:
    {"holiday_feed": "...", "days_ahead": 60}
"""

import argparse
import datetime as dt
import json
import logging
import sqlite3
import sys
from pathlib import Path
from urllib.request import Request, urlopen

LOG = logging.getLogger("calexport")
DEFAULTS = {
    "holiday_feed": "https://www.gov.uk/bank-holidays.json",
    "days_ahead": 60,
    "db": "bookings.db",
    "out": "calendars",
}


def load_settings(path):
    cfg = dict(DEFAULTS)
    if path.exists():
        cfg.update(json.loads(path.read_text()))
    return cfg


def fetch_holidays(url, cache=Path(".holidays.json")):
    today = dt.date.today().isoformat()
    if cache.exists():
        data = json.loads(cache.read_text())
        if data.get("fetched") == today:
            return set(data["dates"])
    try:
        with urlopen(Request(url, headers={"User-Agent": "calexport/1.4"}), timeout=15) as resp:
            events = json.load(resp)["england-and-wales"]["events"]
        dates = sorted(e["date"] for e in events)
    except (OSError, KeyError, ValueError) as exc:
        LOG.warning("holiday feed unavailable: %s", exc)
        return set()
    cache.write_text(json.dumps({"fetched": today, "dates": dates}))
    return set(dates)


def read_bookings(db_path, days_ahead):
    horizon = (dt.date.today() + dt.timedelta(days=days_ahead)).isoformat()
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    try:
        rows = con.execute(
            "SELECT id, room, band, start_ts, end_ts FROM bookings "
            "WHERE date(start_ts) <= ? ORDER BY start_ts",
            (horizon,),
        ).fetchall()
    finally:
        con.close()
    return [dict(r) for r in rows]


def ics_stamp(ts):
    return dt.datetime.fromisoformat(ts).strftime("%Y%m%dT%H%M%S")


def ics_escape(text):
    return str(text).replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;")


def build_calendar(room, bookings, holidays):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:-//calexport//{room}//EN",
             f"X-WR-CALNAME:{room}"]
    for b in bookings:
        lines += ["BEGIN:VEVENT", f"UID:booking-{b['id']}@calexport",
                  f"DTSTART:{ics_stamp(b['start_ts'])}", f"DTEND:{ics_stamp(b['end_ts'])}",
                  f"SUMMARY:{ics_escape(b['band'])}", "END:VEVENT"]
    for day in sorted(holidays):
        d = day.replace("-", "")
        lines += ["BEGIN:VEVENT", f"UID:closed-{d}-{room}@calexport",
                  f"DTSTART;VALUE=DATE:{d}", "SUMMARY:Closed (bank holiday)", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


def prune_stale(out, rooms):
    for path in out.glob("*.ics"):
        if path.stem not in rooms:
            LOG.info("removing feed for retired room %s", path.stem)
            path.unlink()


def main():
    ap = argparse.ArgumentParser(description="write per-room .ics feeds from bookings.db")
    ap.add_argument("--settings", type=Path, default=Path("calsync.json"))
    ap.add_argument("--room", help="only this room")
    ap.add_argument("--prune", action="store_true", help="delete feeds for rooms with no bookings")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_settings(args.settings)

    try:
        bookings = read_bookings(cfg["db"], int(cfg["days_ahead"]))
    except sqlite3.Error as exc:
        LOG.error("cannot read %s: %s", cfg["db"], exc)
        return 1
    holidays = fetch_holidays(cfg["holiday_feed"])

    out = Path(cfg["out"])
    out.mkdir(exist_ok=True)
    rooms = sorted({b["room"] for b in bookings})
    if args.room:
        rooms = [r for r in rooms if r == args.room]
    for room in rooms:
        mine = [b for b in bookings if b["room"] == room]
        (out / f"{room}.ics").write_text(build_calendar(room, mine, holidays), encoding="utf-8")
        LOG.info("%s: %d bookings", room, len(mine))

    if args.prune and not args.room:
        prune_stale(out, set(rooms))
    return 0


if __name__ == "__main__":
    sys.exit(main())
