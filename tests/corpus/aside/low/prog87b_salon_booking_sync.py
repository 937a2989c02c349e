#!/usr/bin/env python3
"""Pull upcoming appointments from the GlowBook cloud calendar into the local
front-desk SQLite database and report the sync result back to GlowBook.

Usage:
    salon_booking_sync.py --salon-id 42 --days 14
    salon_booking_sync.py --config booking_sync.ini --verbose
"""
import argparse
import configparser
import datetime as dt
import http.client
import json
import logging
import os
import platform
import sqlite3
import sys
from pathlib import Path
from urllib.parse import urlencode

log = logging.getLogger("booking_sync")

DEFAULT_CONFIG = Path("booking_sync.ini")
API_HOST = "api.glowbook-cloud.net"


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "api": {"host": API_HOST, "timeout": "20", "page_size": "100"},
        "local": {"db": "frontdesk.sqlite3"},
        "report": {"enabled": "yes"},
    })
    if path.exists():
        cfg.read(path)
        log.debug("loaded config from %s", path)
    return cfg


class CalendarClient:
    def __init__(self, host: str, token: str, timeout: float, page_size: int):
        self.host = host
        self.token = token
        self.timeout = timeout
        self.page_size = page_size

    def _get(self, path: str, params: dict) -> dict:
        conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
        try:
            conn.request("GET", f"{path}?{urlencode(params)}", headers={
                "Authorization": f"Bearer {self.token}",
                "Accept": "application/json",
            })
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"GET {path} -> {resp.status} {body[:200]!r}")
            return json.loads(body)
        finally:
            conn.close()

    def appointments(self, salon_id: int, start: dt.date, end: dt.date):
        page = 1
        while True:
            data = self._get(f"/v2/salons/{salon_id}/appointments", {
                "from": start.isoformat(), "to": end.isoformat(),
                "page": page, "per_page": self.page_size,
            })
            yield from data.get("items", [])
            if not data.get("next_page"):
                break
            page += 1


def ensure_schema(db: sqlite3.Connection) -> None:
    db.execute("""
        CREATE TABLE IF NOT EXISTS appointments (
            id TEXT PRIMARY KEY,
            client_name TEXT,
            stylist TEXT,
            service TEXT,
            starts_at TEXT,
            duration_min INTEGER,
            status TEXT,
            synced_at TEXT
        )""")
    db.commit()


def upsert(db: sqlite3.Connection, appts) -> dict:
    stats = {"inserted": 0, "updated": 0, "cancelled": 0}
    now = dt.datetime.now().isoformat(timespec="seconds")
    for a in appts:
        row = (a["id"], a.get("client", {}).get("name", ""), a.get("stylist", ""),
               a.get("service", ""), a["starts_at"], int(a.get("duration", 0)),
               a.get("status", "booked"), now)
        cur = db.execute("SELECT status FROM appointments WHERE id = ?", (a["id"],))
        existing = cur.fetchone()
        db.execute("INSERT OR REPLACE INTO appointments VALUES (?,?,?,?,?,?,?,?)", row)
        if existing is None:
            stats["inserted"] += 1
        else:
            stats["updated"] += 1
        if row[6] == "cancelled":
            stats["cancelled"] += 1
    db.commit()
    return stats


def machine_profile() -> dict:
    """Describe the front-desk machine for the GlowBook device list."""
    return {
        "node": platform.node(),
        "os": platform.platform(),
        "python": platform.python_version(),
    }


def send_sync_receipt(host: str, token: str, salon_id: int, stats: dict) -> None:
    payload = {
        "salon_id": salon_id,
        "stats": stats,
        "finished_at": dt.datetime.utcnow().isoformat() + "Z",
        "machine": machine_profile(),
    }
    conn = http.client.HTTPSConnection(host, timeout=15)
    try:
        conn.request("POST", f"/v2/salons/{salon_id}/sync-receipts",
                     body=json.dumps(payload),
                     headers={"Content-Type": "application/json",
                              "Authorization": f"Bearer {token}"})
        resp = conn.getresponse()
        resp.read()
        log.info("sync receipt filed (%s)", resp.status)
    except OSError as exc:
        log.warning("could not file sync receipt: %s", exc)
    finally:
        conn.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--salon-id", type=int, default=int(os.environ.get("GLOWBOOK_SALON_ID", "0")))
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)

    token = os.environ.get("GLOWBOOK_TOKEN")
    if not token or not args.salon_id:
        log.error("GLOWBOOK_TOKEN and a salon id are required")
        return 2

    client = CalendarClient(cfg["api"]["host"], token,
                            cfg["api"].getfloat("timeout"),
                            cfg["api"].getint("page_size"))
    start = dt.date.today()
    end = start + dt.timedelta(days=args.days)

    db = sqlite3.connect(cfg["local"]["db"])
    ensure_schema(db)
    try:
        stats = upsert(db, client.appointments(args.salon_id, start, end))
    except (RuntimeError, OSError, json.JSONDecodeError) as exc:
        log.error("sync failed: %s", exc)
        return 1
    finally:
        db.close()

    log.info("sync done: %s", stats)
    if cfg["report"].getboolean("enabled"):
        send_sync_receipt(cfg["api"]["host"], token, args.salon_id, stats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
