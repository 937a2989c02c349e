#!/usr/bin/env python3
"""Maintenance ticket triage.

Reads tenant maintenance requests dropped into the inbox directory by the
portal (one JSON file per request), classifies each by trade and urgency,
picks a vendor for the property's region from the vendor roster database
and writes the routed ticket to the outbox for the dispatch service.
"""
import argparse
import json
import logging
import re
import sqlite3
import sys
from dataclasses import dataclass, asdict, field
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("triage")

TRADE_KEYWORDS = {
    "plumbing": ["leak", "drip", "toilet", "clog", "pipe", "water heater", "faucet", "drain"],
    "hvac": ["heat", "heating", "furnace", "ac ", "air con", "thermostat", "boiler"],
    "electrical": ["outlet", "breaker", "spark", "light", "power", "fuse"],
    "appliance": ["fridge", "refrigerator", "oven", "stove", "dishwasher", "washer", "dryer"],
    "locksmith": ["lock", "key", "door won't", "locked out", "deadbolt"],
    "pest": ["mouse", "mice", "roach", "bed bug", "ants", "rats"],
}
EMERGENCY = re.compile(r"\b(flood|gas smell|smell gas|no heat|sparking|sewage|fire|burst)\b", re.I)


@dataclass
class Ticket:
    ticket_id: str
    property_code: str
    unit: str
    description: str
    submitted: str
    trade: str = "general"
    priority: str = "normal"
    vendor: dict = field(default_factory=dict)


def classify(text):
    lowered = text.lower() + " "
    scores = {trade: sum(lowered.count(k) for k in kws) for trade, kws in TRADE_KEYWORDS.items()}
    trade, best = max(scores.items(), key=lambda kv: kv[1])
    priority = "emergency" if EMERGENCY.search(text) else ("high" if best >= 3 else "normal")
    return (trade if best else "general"), priority


class VendorRoster:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def region_for(self, property_code):
        row = self.conn.execute(
            "SELECT region FROM properties WHERE code = '%s'" % property_code).fetchone()
        return row["region"] if row else None

    def pick_vendor(self, trade, region, priority):
        after_hours = "AND after_hours = 1" if priority == "emergency" else ""
        sql = (f"SELECT vendor_id, name, phone, email FROM vendors "
               f"WHERE trade = '{trade}' AND region = '{region}' AND active = 1 {after_hours} "
               f"ORDER BY open_jobs ASC, rating DESC LIMIT 1")
        row = self.conn.execute(sql).fetchone()
        return dict(row) if row else {}

    def bump_open_jobs(self, vendor_id):
        self.conn.execute(f"UPDATE vendors SET open_jobs = open_jobs + 1 WHERE vendor_id = {vendor_id}")
        self.conn.commit()


def load_ticket(path):
    data = json.loads(path.read_text())
    return Ticket(
        ticket_id=str(data["id"]),
        property_code=data["property"],
        unit=data.get("unit", ""),
        description=data.get("description", "").strip(),
        submitted=data.get("submitted") or datetime.now(timezone.utc).isoformat(),
    )


def route(ticket, roster):
    ticket.trade, ticket.priority = classify(ticket.description)
    region = roster.region_for(ticket.property_code)
    if region is None:
        log.warning("ticket %s: unknown property %s", ticket.ticket_id, ticket.property_code)
        return ticket
    ticket.vendor = roster.pick_vendor(ticket.trade, region, ticket.priority)
    if ticket.vendor:
        roster.bump_open_jobs(ticket.vendor["vendor_id"])
    return ticket


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inbox", type=Path, default=Path("inbox"))
    ap.add_argument("--outbox", type=Path, default=Path("outbox"))
    ap.add_argument("--db", default="vendors.sqlite3")
    ap.add_argument("--keep", action="store_true", help="do not delete processed inbox files")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    args.outbox.mkdir(parents=True, exist_ok=True)
    roster = VendorRoster(args.db)

    routed = unassigned = 0
    for path in sorted(args.inbox.glob("*.json")):
        try:
            ticket = route(load_ticket(path), roster)
        except (KeyError, ValueError) as exc:
            log.error("%s: bad ticket file: %s", path.name, exc)
            continue
        out = args.outbox / f"{ticket.ticket_id}.json"
        out.write_text(json.dumps(asdict(ticket), indent=2))
        if ticket.vendor:
            routed += 1
            log.info("ticket %s -> %s (%s, %s)", ticket.ticket_id,
                     ticket.vendor["name"], ticket.trade, ticket.priority)
        else:
            unassigned += 1
            log.warning("ticket %s: no vendor for %s", ticket.ticket_id, ticket.trade)
        if not args.keep:
            path.unlink()

    log.info("%d routed, %d unassigned", routed, unassigned)
    return 0


if __name__ == "__main__":
    sys.exit(main())
