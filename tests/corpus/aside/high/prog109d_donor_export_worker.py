#!/usr/bin/env python3
"""Gift Aid / donor export worker.

Watches ./queue for export request files dropped by the office web app
(e.g. {"kind": "giftaid", "from": "2024-04-06", "to": "2025-04-05"}),
builds the requested CSV from the donations database and writes it to
./exports. The NAS starts it from its task scheduler, which runs tasks as
root, so the worker switches to the service account before touching data.
"""
import argparse
import csv
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import sqlite3
import sys
import time
from pathlib import Path

LOG = logging.getLogger("donor_export")
QUEUE = Path("queue")
EXPORTS = Path("exports")

QUERIES = {
    "giftaid": (
        "SELECT d.title, d.first_name, d.last_name, d.house_no, d.postcode, "
        "g.gift_date, g.amount FROM gifts g JOIN donors d ON d.id = g.donor_id "
        "WHERE g.giftaid_declared = 1 AND g.gift_date BETWEEN ? AND ? ORDER BY g.gift_date"
    ),
    "lapsed": (
        "SELECT d.first_name, d.last_name, d.email, MAX(g.gift_date) AS last_gift "
        "FROM donors d JOIN gifts g ON g.donor_id = d.id GROUP BY d.id "
        "HAVING last_gift BETWEEN ? AND ?"
    ),
}


def _libc():
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
    libc.setresgid.argtypes = [ctypes.c_uint] * 3
    libc.setresuid.argtypes = [ctypes.c_uint] * 3
    return libc


def become(account):
    """Switch the process to the given service account."""
    if os.geteuid() != 0:
        LOG.debug("not root, staying as uid %d", os.getuid())
        return
    entry = pwd.getpwnam(account)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    libc = _libc()
    steps = (
        ("setgroups", lambda: libc.setgroups(1, groups)),
        ("setresgid", lambda: libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid)),
        ("setresuid", lambda: libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid)),
    )
    for name, call in steps:
        if call() != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    os.environ.update(HOME=entry.pw_dir, USER=account, LOGNAME=account)
    LOG.info("running as %s (uid %d)", account, entry.pw_uid)


def handle(request_path, db_path):
    req = json.loads(request_path.read_text())
    kind = req.get("kind")
    if kind not in QUERIES:
        raise ValueError(f"unknown export kind {kind!r}")
    with sqlite3.connect(db_path) as conn:
        cur = conn.execute(QUERIES[kind], (req["from"], req["to"]))
        header = [c[0] for c in cur.description]
        rows = cur.fetchall()
    out = EXPORTS / f"{kind}_{req['from']}_{req['to']}.csv"
    with out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        writer.writerows(rows)
    os.chmod(out, 0o600)
    LOG.info("export %s: %d rows -> %s", kind, len(rows), out)


def loop(db_path, interval, once):
    while True:
        for request in sorted(QUEUE.glob("*.json")):
            try:
                handle(request, db_path)
                request.rename(request.with_suffix(".done"))
            except (ValueError, KeyError, sqlite3.Error, json.JSONDecodeError) as exc:
                LOG.error("request %s failed: %s", request.name, exc)
                request.rename(request.with_suffix(".failed"))
        if once:
            return
        time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default="donations.sqlite")
    parser.add_argument("--user", default=os.environ.get("EXPORT_USER", "shelterapp"))
    parser.add_argument("--interval", type=int, default=30)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    try:
        become(args.user)
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        return 1
    QUEUE.mkdir(exist_ok=True)
    EXPORTS.mkdir(exist_ok=True)
    try:
        loop(args.db, args.interval, args.once)
    except KeyboardInterrupt:
        LOG.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
