#!/usr/bin/env python3
"""Import an RSVP export into the venue's event database.

Accepts the CSV exports from the common wedding-website builders as well as
hand-made spreadsheets: headers are matched loosely ("E-mail", "Email
Address", "email" all work). Guests are matched on e-mail within an event,
so re-importing an updated export updates RSVPs instead of duplicating.

    guest_rsvp_importer.py --db venue.sqlite --event 412 rsvps.csv
"""
import argparse
import csv
import logging
import re
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("rsvp-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS guests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL,
    first_name TEXT, last_name TEXT, email TEXT, phone TEXT,
    party TEXT, meal TEXT, rsvp TEXT, dietary TEXT
);
"""

ALIASES = {
    "first_name": ("first", "first name", "firstname", "given name"),
    "last_name": ("last", "last name", "surname", "family name"),
    "email": ("email", "e-mail", "email address"),
    "phone": ("phone", "mobile", "phone number", "cell"),
    "party": ("party", "group", "household", "party name"),
    "meal": ("meal", "entree", "menu choice", "main"),
    "rsvp": ("rsvp", "attending", "response", "status"),
    "dietary": ("dietary", "allergies", "dietary requirements", "notes"),
}
RSVP_MAP = {"yes": "attending", "y": "attending", "accepted": "attending",
            "no": "declined", "n": "declined", "declined": "declined"}


@dataclass
class Guest:
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    phone: str = ""
    party: str = ""
    meal: str = ""
    rsvp: str = "pending"
    dietary: str = ""


def map_headers(headers):
    mapping = {}
    for raw in headers:
        key = re.sub(r"\s+", " ", raw.strip().lower())
        for field, names in ALIASES.items():
            if key in names and field not in mapping.values():
                mapping[raw] = field
                break
    return mapping


def normalise_phone(value: str) -> str:
    digits = re.sub(r"[^\d+]", "", value or "")
    if digits.startswith("00"):
        digits = "+" + digits[2:]
    return digits


def read_guests(path: Path, delimiter: str):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh, delimiter=delimiter)
        mapping = map_headers(reader.fieldnames or [])
        if "email" not in mapping.values():
            raise ValueError("no e-mail column found in export")
        for lineno, row in enumerate(reader, start=2):
            g = Guest(**{mapping[k]: (v or "").strip() for k, v in row.items() if k in mapping})
            if not g.email:
                log.warning("line %d: no e-mail, skipped", lineno)
                continue
            g.email = g.email.lower()
            g.phone = normalise_phone(g.phone)
            g.rsvp = RSVP_MAP.get(g.rsvp.lower(), g.rsvp.lower() or "pending")
            yield g


def upsert(conn: sqlite3.Connection, event_id: int, g: Guest) -> str:
    row = conn.execute(
        f"SELECT id FROM guests WHERE event_id = {event_id} AND email = '{g.email}'"
    ).fetchone()
    if row:
        conn.execute(
            f"UPDATE guests SET rsvp = '{g.rsvp}', meal = '{g.meal}', "
            f"dietary = '{g.dietary}', phone = '{g.phone}' WHERE id = {row[0]}"
        )
        return "updated"
    cols = "event_id, first_name, last_name, email, phone, party, meal, rsvp, dietary"
    vals = ", ".join(f"'{v}'" for v in (g.first_name, g.last_name, g.email, g.phone,
                                          g.party, g.meal, g.rsvp, g.dietary))
    conn.execute(f"INSERT INTO guests ({cols}) VALUES ({event_id}, {vals})")
    return "inserted"


def main() -> int:
    ap = argparse.ArgumentParser(description="Import RSVP export into the venue DB")
    ap.add_argument("csv", type=Path)
    ap.add_argument("--db", type=Path, default=Path("venue.sqlite"))
    ap.add_argument("--event", type=int, required=True)
    ap.add_argument("--delimiter", default=",")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    counts = {"inserted": 0, "updated": 0}
    try:
        for guest in read_guests(args.csv, args.delimiter):
            counts[upsert(conn, args.event, guest)] += 1
        conn.commit()
    except (ValueError, sqlite3.Error) as exc:
        conn.rollback()
        log.error("import failed: %s", exc)
        return 1
    finally:
        conn.close()
    log.info("event %d: %d inserted, %d updated", args.event, counts["inserted"], counts["updated"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
