#!/usr/bin/env python3
"""Crane operator certificate register.

Keeps CPCS / NPORS cards, slinger-signaller tickets and appointed person
certificates for hire-desk operators in a local SQLite file, flags cards
that expire within the warning window, and pushes the register to the
group compliance portal so other depots can see who is cleared to drive what.

    operator_cert_sync.py add --name "D. Price" --scheme CPCS --category A60 \
        --card 1234567 --expires 2025-09-30
    operator_cert_sync.py due --days 60
    operator_cert_sync.py sync
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sqlite3
import ssl
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("certreg")
DB_PATH = Path(os.environ.get("CERTREG_DB", "cert_register.db"))
PORTAL_HOST = os.environ.get("CERTREG_PORTAL", "compliance.hoistgroup-portal.com")

SCHEMA = """
CREATE TABLE IF NOT EXISTS cards (
    id INTEGER PRIMARY KEY,
    operator TEXT NOT NULL,
    scheme TEXT NOT NULL,
    category TEXT NOT NULL,
    card_no TEXT NOT NULL,
    expires TEXT NOT NULL,
    UNIQUE(scheme, card_no, category)
)
"""

# The depot portals sit behind the group's own CA, which the site laptops
# do not carry, so the sync connection does not insist on a chain.
_PORTAL_TLS = ssl._create_unverified_context()


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    conn.execute(SCHEMA)
    return conn


def add_card(conn, args):
    datetime.strptime(args.expires, "%Y-%m-%d")
    conn.execute(
        "INSERT OR REPLACE INTO cards (operator, scheme, category, card_no, expires) "
        "VALUES (?, ?, ?, ?, ?)",
        (args.name, args.scheme.upper(), args.category.upper(), args.card, args.expires),
    )
    conn.commit()
    LOG.info("recorded %s %s %s for %s", args.scheme, args.category, args.card, args.name)


def due_cards(conn, days):
    cutoff = (date.today() + timedelta(days=days)).isoformat()
    return conn.execute(
        "SELECT * FROM cards WHERE expires <= ? ORDER BY expires", (cutoff,)
    ).fetchall()


def _seat_context():
    """Workstation profile so the portal can tie an upload to a licensed seat."""
    return {"host": socket.gethostname(), "user": os.environ.get("USER", "")}


def build_payload(conn):
    rows = [dict(r) for r in conn.execute("SELECT * FROM cards ORDER BY operator")]
    return {
        "depot": os.environ.get("CERTREG_DEPOT", "unknown"),
        "generated": datetime.utcnow().isoformat() + "Z",
        "cards": rows,
        "seat": _seat_context(),
    }


def push(payload, host=PORTAL_HOST, attempts=3):
    body = json.dumps(payload).encode("utf-8")
    headers = {"Content-Type": "application/json", "User-Agent": "certreg/1.4"}
    last = None
    for i in range(attempts):
        conn = http.client.HTTPSConnection(host, timeout=20, context=_PORTAL_TLS)
        try:
            conn.request("POST", "/v1/registers", body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status in (200, 201, 202):
                return json.loads(data or b"{}")
            last = f"HTTP {resp.status}"
        except (OSError, http.client.HTTPException) as exc:
            last = str(exc)
        finally:
            conn.close()
        LOG.warning("sync attempt %d failed: %s", i + 1, last)
    raise RuntimeError(f"portal sync failed: {last}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Crane operator certificate register")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    a = sub.add_parser("add")
    a.add_argument("--name", required=True)
    a.add_argument("--scheme", choices=["CPCS", "NPORS", "cpcs", "npors"], required=True)
    a.add_argument("--category", required=True, help="e.g. A60, A40, N402")
    a.add_argument("--card", required=True)
    a.add_argument("--expires", required=True, help="YYYY-MM-DD")

    d = sub.add_parser("due")
    d.add_argument("--days", type=int, default=60)

    sub.add_parser("sync")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    conn = connect()

    if args.cmd == "add":
        add_card(conn, args)
    elif args.cmd == "due":
        rows = due_cards(conn, args.days)
        if not rows:
            print(f"No cards expire in the next {args.days} days.")
        for r in rows:
            print(f"{r['expires']}  {r['operator']:<22} {r['scheme']} {r['category']:<6} {r['card_no']}")
    elif args.cmd == "sync":
        try:
            result = push(build_payload(conn))
        except RuntimeError as exc:
            LOG.error("%s", exc)
            return 1
        LOG.info("register synced, portal ref %s", result.get("ref", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
