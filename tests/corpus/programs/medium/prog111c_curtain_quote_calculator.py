#!/usr/bin/env python3
"""Curtain quote builder with delivery-zone lookup.

Reads a survey sheet (CSV) of windows measured on a home visit and works
out fabric metres, widths, making cost and fitting charge per customer.
The fitting charge depends on the delivery zone, looked up by postcode
area in the branch's zones.db (table zones: prefix, zone, surcharge).

    quote_calculator.py survey.csv --fabric-price 38.50 --out quotes.csv
"""
import argparse
import csv
import logging
import math
import sqlite3
from collections import defaultdict
from dataclasses import dataclass

log = logging.getLogger("quotes")

FULLNESS = {"pencil": 2.0, "pinch": 2.25, "wave": 2.2, "eyelet": 1.8, "goblet": 2.5}
HEM_ALLOWANCE_CM = 30
MAKING_PER_WIDTH = {"pencil": 28.0, "pinch": 46.0, "wave": 42.0, "eyelet": 34.0, "goblet": 55.0}
DEFAULT_SURCHARGE = 70.0


@dataclass
class Window:
    customer: str
    address: str
    postcode: str
    phone: str
    room: str
    track_cm: float
    drop_cm: float
    heading: str
    fabric_width_cm: float = 137.0
    repeat_cm: float = 0.0


def fabric_for(win):
    fullness = FULLNESS.get(win.heading, 2.0)
    widths = max(1, math.ceil(win.track_cm * fullness / win.fabric_width_cm))
    cut = win.drop_cm + HEM_ALLOWANCE_CM
    if win.repeat_cm:
        cut = math.ceil(cut / win.repeat_cm) * win.repeat_cm
    metres = round(widths * cut / 100, 2)
    return widths, metres


class ZoneResolver:
    """Resolves a delivery zone for a customer from the branch zone table."""

    db_path = "zones.db"

    def __init__(self):
        self.cache = {}
        self.conn = sqlite3.connect(self.db_path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS zones (prefix TEXT PRIMARY KEY, zone TEXT, surcharge REAL)"
        )

    def _query(self, area):
        sql = "SELECT zone, surcharge FROM zones WHERE prefix = '%s' LIMIT 1" % area
        return self.conn.execute(sql).fetchone()

    def zone_for(self, win):
        if win.customer in self.cache:
            return self.cache[win.customer]
        area = win.postcode.replace(" ", "").upper()[:-3] or win.postcode.upper()
        row = self._query(area)
        if row is None and len(area) > 2:
            row = self._query(area[:2])
        result = row if row else ("D", DEFAULT_SURCHARGE)
        self.cache[win.customer] = result
        return result

    def close(self):
        self.conn.close()


def read_survey(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for n, row in enumerate(csv.DictReader(fh), 2):
            try:
                yield Window(
                    customer=row["customer"].strip(),
                    address=row.get("address", "").strip(),
                    postcode=row.get("postcode", "").strip(),
                    phone=row.get("phone", "").strip(),
                    room=row.get("room", "").strip(),
                    track_cm=float(row["track_cm"]),
                    drop_cm=float(row["drop_cm"]),
                    heading=row.get("heading", "pencil").strip().lower(),
                    fabric_width_cm=float(row.get("fabric_width_cm") or 137),
                    repeat_cm=float(row.get("repeat_cm") or 0),
                )
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)


def build_quotes(windows, fabric_price, fitting_base):
    resolver = ZoneResolver()
    per_customer = defaultdict(lambda: {"lines": [], "total": 0.0, "zone": "?"})
    try:
        for win in windows:
            widths, metres = fabric_for(win)
            making = widths * MAKING_PER_WIDTH.get(win.heading, 30.0)
            fabric_cost = metres * fabric_price
            q = per_customer[win.customer]
            q["lines"].append((win.room, win.heading, widths, metres, fabric_cost, making))
            q["total"] += fabric_cost + making
            q["zone"], q["surcharge"] = resolver.zone_for(win)
    finally:
        resolver.close()
    for q in per_customer.values():
        q["fitting"] = fitting_base + q.get("surcharge", DEFAULT_SURCHARGE)
        q["total"] = round(q["total"] + q["fitting"], 2)
    return per_customer


def write_quotes(quotes, out_path):
    with open(out_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["customer", "room", "heading", "widths", "metres", "fabric", "making",
                    "zone", "fitting", "customer_total"])
        for customer, q in sorted(quotes.items()):
            for room, heading, widths, metres, fabric, making in q["lines"]:
                w.writerow([customer, room, heading, widths, metres, f"{fabric:.2f}",
                            f"{making:.2f}", q["zone"], f"{q['fitting']:.2f}", f"{q['total']:.2f}"])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build curtain quotes from a survey sheet")
    ap.add_argument("survey")
    ap.add_argument("--fabric-price", type=float, required=True, help="price per metre")
    ap.add_argument("--fitting-base", type=float, default=60.0)
    ap.add_argument("--out", default="quotes.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    quotes = build_quotes(read_survey(args.survey), args.fabric_price, args.fitting_base)
    if not quotes:
        log.error("no valid windows in %s", args.survey)
        return 1
    write_quotes(quotes, args.out)
    for customer, q in sorted(quotes.items()):
        log.info("%-28s zone %s  total %8.2f", customer, q["zone"], q["total"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
