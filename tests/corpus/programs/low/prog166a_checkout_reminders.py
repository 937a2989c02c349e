#!/usr/bin/env python3
"""Prepare checkout reminder slips for tomorrow's departures.

Reads the bookings export, picks the guests leaving on the given day and
writes one printable slip per room into the slips folder. A small cache
avoids re-rendering slips that have not changed.
"""

import argparse
import base64
import csv
import hashlib
import json
import logging
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("checkout_slips")

CACHE_FILE = Path(".slip_cache.json")

SLIP_TEMPLATE = """\
Room {room}  -  checkout {day}

Dear {names},
we hope you enjoyed your stay! Checkout is at 10:00.
Please strip your bed, drop sheets in the laundry bin on your floor
and return your key card and locker padlock at reception.

Late checkout until 12:00 costs 5 EUR, ask at the desk.
Luggage can stay in the luggage room for free until 18:00.

Ref: {ref}
"""


def read_departures(path: Path, day: date) -> dict:
    rooms = defaultdict(list)
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("check_out") == day.isoformat() and row.get("status") != "cancelled":
                rooms[row["room_no"]].append(row["first_name"])
    return rooms


def slip_ref(room: str, day: date) -> str:
    raw = f"{room}:{day.isoformat()}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def load_cache() -> dict:
    if CACHE_FILE.exists():
        try:
            return json.loads(CACHE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("cache unreadable, rebuilding")
    return {}


def save_cache(cache: dict) -> None:
    CACHE_FILE.write_text(json.dumps(cache, indent=1))


def render(room: str, names: list, day: date) -> str:
    joined = ", ".join(sorted(names)) if names else "guest"
    return SLIP_TEMPLATE.format(room=room, day=day.strftime("%a %d %b"),
                                names=joined, ref=slip_ref(room, day))


def main() -> int:
    parser = argparse.ArgumentParser(description="write checkout reminder slips")
    parser.add_argument("export", type=Path, help="bookings CSV export")
    parser.add_argument("--day", type=date.fromisoformat,
                        default=date.today() + timedelta(days=1))
    parser.add_argument("--out", type=Path, default=Path("slips"))
    parser.add_argument("--clean", action="store_true",
                        help="remove old slips from the output folder first")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.export.exists():
        log.error("export %s not found", args.export)
        return 1

    args.out.mkdir(exist_ok=True)
    if args.clean:
        for old in args.out.glob("slip_*.txt"):
            old.unlink()

    cache = load_cache()
    departures = read_departures(args.export, args.day)
    written = 0
    for room, names in sorted(departures.items()):
        text = render(room, names, args.day)
        key = hashlib.md5(text.encode()).hexdigest()
        target = args.out / f"slip_{args.day.isoformat()}_{room}.txt"
        if cache.get(str(target)) == key and target.exists():
            continue
        target.write_text(text, encoding="utf-8")
        cache[str(target)] = key
        written += 1

    save_cache(cache)
    log.info("%d room(s) leaving on %s, %d slip(s) written",
             len(departures), args.day, written)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
