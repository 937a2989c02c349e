#!/usr/bin/env python3
"""Rate parity report for the revenue meeting.

Loads the rate-shopper snapshots (shop/*.json), maps OTA room names to our
room types using channels.yaml, stores everything in a small SQLite file and
prints / exports the dates where an OTA undercuts the brand website by more
than the configured tolerance.
"""

import argparse
import csv
import json
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

import yaml

log = logging.getLogger("parity")

SCHEMA = """
CREATE TABLE IF NOT EXISTS shop (
    shop_date TEXT, stay_date TEXT, channel TEXT, room_type TEXT,
    rate REAL, currency TEXT, refundable INTEGER,
    PRIMARY KEY (shop_date, stay_date, channel, room_type, refundable)
);
"""


def load_mapping(path):
    with open(path) as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    mapping = {}
    for channel, spec in (cfg.get("channels") or {}).items():
        for ota_name, room_type in (spec.get("rooms") or {}).items():
            mapping[(channel, ota_name.strip().lower())] = room_type
    return cfg, mapping


def ingest(conn, shop_dir, mapping):
    rows, unmapped = 0, set()
    for f in sorted(Path(shop_dir).glob("*.json")):
        snap = json.loads(f.read_text())
        shop_date = snap.get("shopped_at", f.stem)[:10]
        for offer in snap.get("offers", []):
            key = (offer["channel"], offer["room_name"].strip().lower())
            room_type = mapping.get(key)
            if room_type is None:
                unmapped.add(key)
                continue
            conn.execute(
                "INSERT OR REPLACE INTO shop VALUES (?,?,?,?,?,?,?)",
                (shop_date, offer["stay_date"], offer["channel"], room_type,
                 float(offer["rate"]), offer.get("currency", "EUR"),
                 int(bool(offer.get("refundable", True)))))
            rows += 1
    conn.commit()
    for ch, name in sorted(unmapped):
        log.warning("no mapping for %s / %r", ch, name)
    return rows


def parity_breaches(conn, brand, channels, start, end, tolerance):
    channel_list = ", ".join(f"'{c}'" for c in channels)
    sql = f"""
        SELECT o.stay_date, o.room_type, o.channel, o.rate, b.rate,
               ROUND(100.0 * (b.rate - o.rate) / b.rate, 1) AS pct
        FROM shop o
        JOIN shop b ON b.stay_date = o.stay_date AND b.room_type = o.room_type
                   AND b.shop_date = o.shop_date AND b.refundable = o.refundable
                   AND b.channel = '{brand}'
        WHERE o.channel IN ({channel_list})
          AND o.stay_date BETWEEN '{start}' AND '{end}'
          AND o.shop_date = (SELECT MAX(shop_date) FROM shop)
          AND (b.rate - o.rate) / b.rate * 100 > {tolerance}
        ORDER BY o.stay_date, pct DESC
    """
    return conn.execute(sql).fetchall()


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mapping", default="channels.yaml")
    ap.add_argument("--shop-dir", default="shop")
    ap.add_argument("--db", default="parity.sqlite")
    ap.add_argument("--days", type=int, default=60)
    ap.add_argument("--channel", action="append", help="limit to these OTAs")
    ap.add_argument("--csv", help="also write breaches to this CSV")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        cfg, mapping = load_mapping(args.mapping)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot read %s: %s", args.mapping, exc)
        return 2

    brand = cfg.get("brand_channel", "brand.com")
    tolerance = float(cfg.get("tolerance_pct", 2.0))
    channels = args.channel or [c for c in cfg.get("channels", {}) if c != brand]

    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    n = ingest(conn, args.shop_dir, mapping)
    log.info("ingested %d offers", n)

    start = date.today()
    end = start + timedelta(days=args.days)
    breaches = parity_breaches(conn, brand, channels, start.isoformat(),
                               end.isoformat(), tolerance)
    print(f"{'date':<11}{'room':<10}{'channel':<16}{'ota':>9}{'brand':>9}{'diff%':>7}")
    for stay, room, ch, ota, own, pct in breaches:
        print(f"{stay:<11}{room:<10}{ch:<16}{ota:>9.2f}{own:>9.2f}{pct:>7.1f}")
    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["stay_date", "room_type", "channel", "ota_rate", "brand_rate", "diff_pct"])
            w.writerows(breaches)
    log.info("%d breach(es) above %.1f%%", len(breaches), tolerance)
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
