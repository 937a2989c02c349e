#!/usr/bin/env python3
"""Build the passenger manifest for a morning's flights.

Pulls confirmed bookings from the local bookings.db (synced nightly from the
booking system), assigns passengers to balloons by weight so each basket
stays under its envelope's payload limit, and writes one manifest per
balloon as CSV for the pilot's clipboard and the ground crew.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

log = logging.getLogger("manifest")

BALLOONS = {
    "G-SKYA": {"capacity": 8, "payload_kg": 720},
    "G-SKYB": {"capacity": 12, "payload_kg": 1050},
    "G-SKYC": {"capacity": 16, "payload_kg": 1400},
}


class BookingStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row

    def _where(self, flight_day, site, statuses):
        clauses = ["b.flight_date = '%s'" % flight_day.isoformat()]
        if site:
            clauses.append("b.launch_site = '%s'" % site)
        if statuses:
            quoted = ", ".join("'%s'" % s for s in statuses)
            clauses.append("b.status IN (%s)" % quoted)
        return " AND ".join(clauses)

    def passengers(self, flight_day, site=None, statuses=("confirmed",)):
        sql = (
            "SELECT p.id, p.full_name, p.weight_kg, p.phone, b.booking_ref, b.group_ref "
            "FROM passengers p JOIN bookings b ON b.id = p.booking_id "
            "WHERE " + self._where(flight_day, site, statuses) +
            " ORDER BY b.group_ref, p.weight_kg DESC"
        )
        log.debug("query: %s", sql)
        return [dict(r) for r in self.db.execute(sql)]

    def close(self):
        self.db.close()


def group_passengers(rows):
    groups = defaultdict(list)
    for r in rows:
        groups[r["group_ref"] or r["booking_ref"]].append(r)
    return sorted(groups.values(), key=lambda g: -sum(p["weight_kg"] for p in g))


def assign(groups, balloons, pilot_kg=90):
    loads = {reg: {"pax": [], "kg": pilot_kg} for reg in balloons}
    unplaced = []
    for g in groups:
        gkg = sum(p["weight_kg"] for p in g)
        fits = [reg for reg, spec in balloons.items()
                if len(loads[reg]["pax"]) + len(g) <= spec["capacity"]
                and loads[reg]["kg"] + gkg <= spec["payload_kg"]]
        if not fits:
            unplaced.extend(g)
            continue
        reg = min(fits, key=lambda r: loads[r]["kg"] / balloons[r]["payload_kg"])
        loads[reg]["pax"].extend(g)
        loads[reg]["kg"] += gkg
    return loads, unplaced


def write_manifests(loads, outdir, flight_day):
    outdir.mkdir(parents=True, exist_ok=True)
    for reg, load in loads.items():
        path = outdir / f"manifest_{flight_day}_{reg}.csv"
        with path.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["seat", "name", "weight_kg", "phone", "booking"])
            for i, p in enumerate(load["pax"], 1):
                w.writerow([i, p["full_name"], p["weight_kg"], p["phone"], p["booking_ref"]])
            w.writerow([])
            w.writerow(["total_kg_incl_pilot", load["kg"]])
        log.info("%s: %d pax, %d kg -> %s", reg, len(load["pax"]), load["kg"], path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="bookings.db")
    ap.add_argument("--date", type=date.fromisoformat, default=date.today())
    ap.add_argument("--site", help="launch site name, e.g. 'North Meadow'")
    ap.add_argument("--status", action="append", help="booking statuses to include")
    ap.add_argument("--out", default="manifests")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 1
    store = BookingStore(args.db)
    try:
        rows = store.passengers(args.date, args.site, tuple(args.status or ["confirmed"]))
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        store.close()

    if not rows:
        log.info("no passengers for %s", args.date)
        return 0
    loads, unplaced = assign(group_passengers(rows), BALLOONS)
    write_manifests(loads, Path(args.out), args.date)
    for p in unplaced:
        log.warning("could not place %s (%s, %d kg)", p["full_name"], p["booking_ref"], p["weight_kg"])
    return 0 if not unplaced else 4


if __name__ == "__main__":
    sys.exit(main())
