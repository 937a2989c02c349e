#!/usr/bin/env python3
"""Upload the day's closed tickets from the till database to the head-office API.

Runs on each point-of-sale terminal at closing time (usually from the
"End of day" button in the till menu). Reads closed tickets from the local
SQLite database and posts a JSON summary to the reporting endpoint.
"""

import argparse
import configparser
import datetime as dt
import http.client
import json
import logging
import os
import socket
import sqlite3
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("pos-upload")
DEFAULT_CONFIG = Path("pos_upload.ini")


def load_config(path: Path) -> configparser.SectionProxy:
    cfg = configparser.ConfigParser()
    cfg["upload"] = {
        "endpoint": "https://reports.corner-shop-hq.co.uk/api/v2/tickets",
        "database": "till.db",
        "store_id": socket.gethostname(),
        "retries": "3",
    }
    if path.exists():
        cfg.read(path)
    return cfg["upload"]


def read_tickets(db_path: str, day: dt.date) -> list:
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    try:
        rows = con.execute(
            "SELECT ticket_no, closed_at, total_pence, tender, operator "
            "FROM tickets WHERE date(closed_at) = ? AND status = 'closed' "
            "ORDER BY closed_at",
            (day.isoformat(),),
        ).fetchall()
    finally:
        con.close()
    return [dict(r) for r in rows]


def terminal_info() -> dict:
    info = {"hostname": socket.gethostname()}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    info["os"] = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return info


def build_payload(store_id: str, day: dt.date, tickets: list) -> dict:
    return {
        "store": store_id,
        "business_day": day.isoformat(),
        "ticket_count": len(tickets),
        "gross_pence": sum(t["total_pence"] for t in tickets),
        "tickets": tickets,
        "terminal": terminal_info(),
    }


def post_json(endpoint: str, api_key: str, payload: dict, retries: int) -> int:
    parts = urlsplit(endpoint)
    body = json.dumps(payload).encode()
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
        "User-Agent": "pos-upload/1.4",
    }
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=20)
        try:
            conn.request("POST", parts.path or "/", body=body, headers=headers)
            resp = conn.getresponse()
            resp.read()
            if resp.status < 500:
                return resp.status
            LOG.warning("server returned %s (attempt %d)", resp.status, attempt)
        except (OSError, http.client.HTTPException) as exc:
            LOG.warning("upload failed: %s (attempt %d)", exc, attempt)
        finally:
            conn.close()
        time.sleep(2 ** attempt)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--day", type=dt.date.fromisoformat, default=dt.date.today())
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    api_key = os.environ.get("POS_REPORTS_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("POS_REPORTS_API_KEY is not set")
        return 2

    tickets = read_tickets(cfg["database"], args.day)
    payload = build_payload(cfg["store_id"], args.day, tickets)
    LOG.info("%d tickets, gross %.2f", payload["ticket_count"], payload["gross_pence"] / 100)
    if args.dry_run:
        json.dump(payload, sys.stdout, indent=2)
        return 0

    status = post_json(cfg["endpoint"], api_key, payload, cfg.getint("retries"))
    if status in (200, 201, 202):
        LOG.info("upload accepted (%s)", status)
        return 0
    LOG.error("upload not accepted (status %s)", status)
    return 1


if __name__ == "__main__":
    sys.exit(main())
