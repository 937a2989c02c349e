#!/usr/bin/env python3
"""Sync the front-of-house volunteer rota from the shared spreadsheet.

The FOH manager keeps the rota in a Google Sheet published as CSV. This pulls
it, upserts shifts into the local rota database (used by the sign-in iPad and
the weekly reminder email) and writes the next 7 days as kiosk/rota.json for
the foyer screen.

Config is read from rota_sync.ini:

    [sheet]
    csv_url = https://docs.google.com/spreadsheets/d/e/.../pub?output=csv
    [db]
    path = rota.db
    [kiosk]
    output = kiosk/rota.json
"""
import argparse
import configparser
import csv
import datetime as dt
import io
import json
import logging
import sqlite3
import sys
from pathlib import Path

import requests

log = logging.getLogger("rota_sync")

ROLES = {"usher", "bar", "box office", "duty manager", "cloakroom", "access host"}

SCHEMA = """
CREATE TABLE IF NOT EXISTS shifts (
    shift_date TEXT NOT NULL,
    event      TEXT NOT NULL,
    role       TEXT NOT NULL,
    volunteer  TEXT NOT NULL,
    phone      TEXT,
    call_time  TEXT,
    PRIMARY KEY (shift_date, event, role, volunteer)
)
"""


def fetch_sheet(url, timeout=20):
    resp = requests.get(url, timeout=timeout)
    resp.raise_for_status()
    resp.encoding = "utf-8"
    return list(csv.DictReader(io.StringIO(resp.text)))


def normalise(row):
    date = dt.datetime.strptime(row["Date"].strip(), "%d/%m/%Y").date()
    role = row["Role"].strip().lower()
    if role not in ROLES:
        raise ValueError(f"unknown role {row['Role']!r}")
    return {
        "shift_date": date.isoformat(),
        "event": row["Event"].strip(),
        "role": role,
        "volunteer": row["Volunteer"].strip(),
        "phone": row.get("Phone", "").strip(),
        "call_time": row.get("Call", "").strip() or "18:30",
    }


class RotaStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def upsert(self, shift):
        cols = ", ".join(shift)
        vals = ", ".join(f"'{v}'" for v in shift.values())
        self.conn.execute(f"INSERT OR REPLACE INTO shifts ({cols}) VALUES ({vals})")

    def drop_removed(self, since, keep_keys):
        cur = self.conn.execute(
            f"SELECT shift_date, event, role, volunteer FROM shifts WHERE shift_date >= '{since}'"
        )
        removed = 0
        for key in cur.fetchall():
            if key not in keep_keys:
                d, e, r, v = key
                self.conn.execute(
                    f"DELETE FROM shifts WHERE shift_date='{d}' AND event='{e}' AND role='{r}' AND volunteer='{v}'"
                )
                removed += 1
        return removed

    def week_ahead(self, start):
        end = start + dt.timedelta(days=7)
        cur = self.conn.execute(
            "SELECT shift_date, event, role, volunteer, call_time FROM shifts "
            f"WHERE shift_date BETWEEN '{start.isoformat()}' AND '{end.isoformat()}' "
            "ORDER BY shift_date, call_time, role"
        )
        return [dict(zip(("date", "event", "role", "volunteer", "call"), r)) for r in cur]

    def commit(self):
        self.conn.commit()


def write_kiosk(shifts, out_path):
    out_path.parent.mkdir(parents=True, exist_ok=True)
    payload = {"generated": dt.datetime.now().isoformat(timespec="minutes"), "shifts": shifts}
    tmp = out_path.with_suffix(".tmp")
    tmp.write_text(json.dumps(payload, indent=1), encoding="utf-8")
    tmp.replace(out_path)
    return out_path


def main():
    ap = argparse.ArgumentParser(description="Sync the FOH volunteer rota")
    ap.add_argument("-c", "--config", default="rota_sync.ini")
    ap.add_argument("--keep-removed", action="store_true", help="do not delete shifts missing from the sheet")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2

    try:
        rows = fetch_sheet(cfg["sheet"]["csv_url"])
    except requests.RequestException as exc:
        log.error("could not fetch rota sheet: %s", exc)
        return 1

    store = RotaStore(cfg.get("db", "path", fallback="rota.db"))
    today = dt.date.today()
    keys, bad = set(), 0
    for n, row in enumerate(rows, start=2):
        try:
            shift = normalise(row)
        except (KeyError, ValueError) as exc:
            log.warning("sheet row %d skipped: %s", n, exc)
            bad += 1
            continue
        store.upsert(shift)
        keys.add((shift["shift_date"], shift["event"], shift["role"], shift["volunteer"]))

    removed = 0 if args.keep_removed else store.drop_removed(today.isoformat(), keys)
    store.commit()
    log.info("%d shifts synced, %d removed, %d bad rows", len(keys), removed, bad)

    out = write_kiosk(store.week_ahead(today), Path(cfg.get("kiosk", "output", fallback="kiosk/rota.json")))
    log.info("kiosk feed written to %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
