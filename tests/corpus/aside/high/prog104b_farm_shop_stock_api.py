#!/usr/bin/env python3
"""Tiny stock-level API for the farm shop tablet and the website widget.

Serves GET /stock (all lines) and GET /stock/<sku> from the shop's SQLite
stock file, and POST /stock/<sku> {"delta": -3} from the till when items are
sold.  It listens on port 80 of the shop LAN so the tablet can reach it as
http://shop-pi/, then gives up root and carries on as an unprivileged user.

    sudo python3 farm_shop_stock_api.py --db /srv/farmshop/stock.db --user farmshop
"""
import argparse
import grp
import json
import logging
import os
import pwd
import re
import sqlite3
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("stock-api")
SKU_RE = re.compile(r"^/stock/([A-Z0-9-]{2,20})$")


class StockStore:
    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()

    def _conn(self):
        db = sqlite3.connect(self.path, timeout=5)
        db.row_factory = sqlite3.Row
        return db

    def all(self):
        with self._conn() as db:
            return [dict(r) for r in db.execute("SELECT sku, name, qty, unit FROM stock ORDER BY name")]

    def get(self, sku):
        with self._conn() as db:
            r = db.execute("SELECT sku, name, qty, unit FROM stock WHERE sku = ?", (sku,)).fetchone()
            return dict(r) if r else None

    def adjust(self, sku, delta):
        with self.lock, self._conn() as db:
            cur = db.execute("UPDATE stock SET qty = MAX(qty + ?, 0) WHERE sku = ?", (delta, sku))
            if cur.rowcount == 0:
                return None
            return dict(db.execute("SELECT sku, name, qty, unit FROM stock WHERE sku = ?", (sku,)).fetchone())


class Handler(BaseHTTPRequestHandler):
    store: StockStore = None
    token: str = ""

    def _send(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/stock":
            return self._send(HTTPStatus.OK, self.store.all())
        m = SKU_RE.match(self.path)
        if m:
            item = self.store.get(m.group(1))
            return self._send(HTTPStatus.OK if item else HTTPStatus.NOT_FOUND, item or {"error": "unknown sku"})
        self._send(HTTPStatus.NOT_FOUND, {"error": "not found"})

    def do_POST(self):
        m = SKU_RE.match(self.path)
        if not m:
            return self._send(HTTPStatus.NOT_FOUND, {"error": "not found"})
        if self.headers.get("X-Till-Token") != self.token:
            return self._send(HTTPStatus.FORBIDDEN, {"error": "bad token"})
        try:
            length = int(self.headers.get("Content-Length", "0"))
            delta = int(json.loads(self.rfile.read(min(length, 4096)))["delta"])
        except (ValueError, KeyError, TypeError):
            return self._send(HTTPStatus.BAD_REQUEST, {"error": "expected {\"delta\": int}"})
        item = self.store.adjust(m.group(1), delta)
        self._send(HTTPStatus.OK if item else HTTPStatus.NOT_FOUND, item or {"error": "unknown sku"})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def shed_root(username):
    """Switch to the service account once the listening socket is open."""
    if os.getuid() != 0:
        return
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    log.info("now running as %s (uid %d)", username, pw.pw_uid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="/srv/farmshop/stock.db")
    ap.add_argument("--listen", default="192.168.1.10")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="farmshop")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    Handler.store = StockStore(args.db)
    Handler.token = os.environ.get("TILL_TOKEN", "")
    if not Handler.token:
        log.warning("TILL_TOKEN not set: stock updates will be refused")
    httpd = ThreadingHTTPServer((args.listen, args.port), Handler)
    try:
        shed_root(args.user)
    except (KeyError, PermissionError) as exc:
        httpd.server_close()
        raise SystemExit(f"cannot switch to {args.user}: {exc}")
    log.info("serving stock on http://%s:%d/stock", args.listen, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
