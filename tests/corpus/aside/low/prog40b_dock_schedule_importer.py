#!/usr/bin/env python3
"""Import weekly dock-door schedules for the regional cross-dock.

Reads a YAML schedule exported by the planning team, validates it,
optionally refreshes the carrier list from the public carrier registry,
and stores everything in a local SQLite database in the working directory.
"""
import argparse
import logging
import sqlite3
from datetime import datetime
from pathlib import Path

import requests
import yaml

LOG = logging.getLogger("dock_import")
CARRIER_REGISTRY = "https://registry.example-logistics.org/api/v2/carriers"
DB_PATH = Path("dock_schedule.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS slots (
    door      TEXT NOT NULL,
    carrier   TEXT NOT NULL,
    starts_at TEXT NOT NULL,
    minutes   INTEGER NOT NULL,
    pallets   INTEGER DEFAULT 0
);
CREATE TABLE IF NOT EXISTS carriers (scac TEXT PRIMARY KEY, name TEXT);
"""


class ScheduleError(ValueError):
    pass


def load_schedule(path: Path) -> list:
    with path.open("r", encoding="utf-8") as fh:
        doc = yaml.safe_load(fh) or {}
    slots = doc.get("slots", [])
    if not isinstance(slots, list):
        raise ScheduleError("'slots' must be a list")
    for idx, slot in enumerate(slots):
        for key in ("door", "carrier", "starts_at", "minutes"):
            if key not in slot:
                raise ScheduleError(f"slot #{idx} is missing '{key}'")
        datetime.fromisoformat(str(slot["starts_at"]))
    return slots


def fetch_carriers(timeout: float) -> list:
    resp = requests.get(CARRIER_REGISTRY, params={"region": "EU-W"}, timeout=timeout)
    resp.raise_for_status()
    return [(c["scac"], c["name"]) for c in resp.json().get("carriers", [])]


def store(conn: sqlite3.Connection, slots: list, carriers: list) -> int:
    cur = conn.cursor()
    cur.executescript(SCHEMA)
    if carriers:
        cur.executemany(
            "INSERT OR REPLACE INTO carriers (scac, name) VALUES (?, ?)", carriers
        )
    rows = [
        (s["door"], s["carrier"], str(s["starts_at"]), int(s["minutes"]),
         int(s.get("pallets", 0)))
        for s in slots
    ]
    cur.executemany(
        "INSERT INTO slots (door, carrier, starts_at, minutes, pallets) "
        "VALUES (?, ?, ?, ?, ?)",
        rows,
    )
    conn.commit()
    return len(rows)


def busiest_doors(conn: sqlite3.Connection, door_prefix: str, limit: int = 5):
    cur = conn.execute(
        "SELECT door, SUM(minutes) AS busy FROM slots WHERE door LIKE ? "
        "GROUP BY door ORDER BY busy DESC LIMIT ?",
        (door_prefix + "%", limit),
    )
    return cur.fetchall()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("schedule", type=Path)
    ap.add_argument("--door-prefix", default="D")
    ap.add_argument("--refresh-carriers", action="store_true")
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        slots = load_schedule(args.schedule)
    except (OSError, ScheduleError, ValueError) as exc:
        LOG.error("cannot read schedule: %s", exc)
        return 2

    carriers = []
    if args.refresh_carriers:
        try:
            carriers = fetch_carriers(args.timeout)
            LOG.info("registry returned %d carriers", len(carriers))
        except requests.RequestException as exc:
            LOG.warning("carrier registry unavailable: %s", exc)

    with sqlite3.connect(DB_PATH) as conn:
        count = store(conn, slots, carriers)
        LOG.info("stored %d slots in %s", count, DB_PATH)
        for door, busy in busiest_doors(conn, args.door_prefix):
            print(f"{door:>6}  {busy:5d} min")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
