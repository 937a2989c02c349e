#!/usr/bin/env python3
"""Import OTA channel reservation exports into the restaurant/hotel booking DB.

Each channel (booking sites, the table-booking widget, phone bookings keyed
in by reception) drops an export file into inbox/. The channel mapping file
(channels.yaml) says how to translate each channel's fields. Parsed exports
are cached so a re-run after a failure does not re-parse everything.
"""
import argparse
import csv
import json
import logging
import pickle
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

import yaml

log = logging.getLogger("channel-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS reservations (
    channel TEXT, external_id TEXT, guest TEXT, party INTEGER,
    arrival TEXT, departure TEXT, status TEXT, imported_at TEXT,
    PRIMARY KEY (channel, external_id)
);
"""


def load_mapping(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def parse_export(path, mapping):
    fmt = mapping.get("format", path.suffix.lstrip("."))
    fields = mapping["fields"]
    if fmt == "json":
        rows = json.loads(path.read_text(encoding="utf-8"))
        rows = rows.get(mapping.get("root", "reservations"), rows) if isinstance(rows, dict) else rows
    else:
        with path.open(newline="", encoding=mapping.get("encoding", "utf-8")) as fh:
            rows = list(csv.DictReader(fh, delimiter=mapping.get("delimiter", ",")))
    for row in rows:
        yield {
            "external_id": str(row[fields["id"]]),
            "guest": row.get(fields["guest"], "").strip(),
            "party": int(row.get(fields.get("party", ""), 0) or 0),
            "arrival": row.get(fields["arrival"], ""),
            "departure": row.get(fields.get("departure", ""), ""),
            "status": mapping.get("status_map", {}).get(row.get(fields.get("status", ""), ""), "confirmed"),
        }


class ParseCache:
    def __init__(self, path):
        self.path = path
        self.data = {}
        if path.exists():
            with path.open("rb") as fh:
                self.data = pickle.load(fh)

    def get(self, export):
        key = (export.name, export.stat().st_mtime_ns)
        return self.data.get(key)

    def put(self, export, records):
        self.data[(export.name, export.stat().st_mtime_ns)] = records

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.data, fh)


def upsert(conn, channel, rec):
    now = datetime.now().isoformat(timespec="seconds")
    guest = rec["guest"].replace("'", "''")
    sql = (
        "INSERT INTO reservations (channel, external_id, guest, party, arrival, departure, status, imported_at) "
        f"VALUES ('{channel}', '{rec['external_id']}', '{guest}', {rec['party']}, "
        f"'{rec['arrival']}', '{rec['departure']}', '{rec['status']}', '{now}') "
        "ON CONFLICT(channel, external_id) DO UPDATE SET "
        f"guest='{guest}', party={rec['party']}, arrival='{rec['arrival']}', "
        f"departure='{rec['departure']}', status='{rec['status']}', imported_at='{now}'"
    )
    conn.execute(sql)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inbox", default="inbox")
    ap.add_argument("--mapping", default="channels.yaml")
    ap.add_argument("--db", default="bookings.sqlite3")
    ap.add_argument("--cache", default=".parse-cache.pkl")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    channels = load_mapping(args.mapping)
    cache = ParseCache(Path(args.cache))
    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    total = 0
    for export in sorted(Path(args.inbox).glob("*.*")):
        channel = export.stem.split("_", 1)[0]
        mapping = channels.get(channel)
        if mapping is None:
            log.warning("no mapping for channel %r (%s)", channel, export.name)
            continue
        records = cache.get(export)
        if records is None:
            try:
                records = list(parse_export(export, mapping))
            except (KeyError, ValueError) as exc:
                log.error("%s: %s", export.name, exc)
                continue
            cache.put(export, records)
        with conn:
            for rec in records:
                upsert(conn, channel, rec)
        total += len(records)
        log.info("%s: %d reservations", export.name, len(records))
    cache.save()
    conn.close()
    log.info("imported %d reservations", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
