#!/usr/bin/env python3
"""Accept point accrual messages from the table rating proxy into the ledger.

The pit rating tablets talk to a TLS-terminating proxy on the same host,
which forwards one JSON object per line to this listener on the loopback
interface:

    {"member_id": "100234", "source": "table", "points": 40,
     "gaming_day": "2024-11-29", "ref": "BJ07-1732911122"}

Accruals are appended to the loyalty ledger (SQLite) with the reference as a
unique key so proxy retries do not double-credit.  The service is started as
root by the init system so it can read the site HMAC key, then runs as the
unprivileged ledger account.
"""
import argparse
import grp
import hmac
import json
import logging
import os
import pwd
import socketserver
import sqlite3
import sys
import threading
from hashlib import sha256

LOG = logging.getLogger("ledger_listener")
VALID_SOURCES = {"table", "slot", "bingo", "manual"}


class LedgerStore:
    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()
        with sqlite3.connect(self.path) as db:
            db.execute("""CREATE TABLE IF NOT EXISTS ledger (
                            ref TEXT PRIMARY KEY, member_id TEXT NOT NULL,
                            source TEXT NOT NULL, points INTEGER NOT NULL,
                            gaming_day TEXT NOT NULL,
                            received_at TEXT DEFAULT CURRENT_TIMESTAMP)""")

    def add(self, rec):
        with self.lock, sqlite3.connect(self.path) as db:
            cur = db.execute(
                "INSERT OR IGNORE INTO ledger (ref, member_id, source, points, gaming_day) "
                "VALUES (?, ?, ?, ?, ?)",
                (rec["ref"], rec["member_id"], rec["source"], int(rec["points"]), rec["gaming_day"]))
            return cur.rowcount == 1


class AccrualHandler(socketserver.StreamRequestHandler):
    def handle(self):
        for raw in self.rfile:
            line = raw.strip()
            if not line:
                continue
            reply = self.server.process(line)
            self.wfile.write((json.dumps(reply) + "\n").encode())


class LedgerServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, store, key):
        super().__init__(addr, AccrualHandler)
        self.store = store
        self.key = key

    def process(self, line):
        try:
            msg = json.loads(line)
            sig = msg.pop("sig", "")
            body = json.dumps(msg, sort_keys=True, separators=(",", ":")).encode()
            if not hmac.compare_digest(sig, hmac.new(self.key, body, sha256).hexdigest()):
                return {"ok": False, "error": "bad signature"}
            if msg.get("source") not in VALID_SOURCES or int(msg.get("points", 0)) <= 0:
                return {"ok": False, "error": "invalid accrual"}
            inserted = self.store.add(msg)
            return {"ok": True, "ref": msg["ref"], "duplicate": not inserted}
        except (ValueError, KeyError, TypeError) as exc:
            return {"ok": False, "error": str(exc)}


def read_key(path):
    with open(path, "rb") as fh:
        key = fh.read().strip()
    if len(key) < 32:
        raise SystemExit(f"{path}: HMAC key too short")
    return key


def run_as(account):
    """Switch to the service account once privileged setup is done."""
    if os.geteuid() != 0:
        LOG.info("not started as root, staying uid %d", os.geteuid())
        return
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    os.environ["HOME"] = pw.pw_dir
    LOG.info("running as %s (uid %d)", account, pw.pw_uid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=7410)
    ap.add_argument("--db", default="/var/lib/loyalty/ledger.db")
    ap.add_argument("--key", default="/etc/loyalty/accrual.key")
    ap.add_argument("--user", default="loyalty")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = read_key(args.key)
    server = LedgerServer(("127.0.0.1", args.port), None, key)
    run_as(args.user)
    server.store = LedgerStore(args.db)
    LOG.info("listening on 127.0.0.1:%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
