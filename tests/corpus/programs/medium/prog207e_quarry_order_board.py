#!/usr/bin/env python3
"""Quarry order board.

Reads the open stone orders from orders.yaml and serves a simple board on
the yard network so the banker masons can see what is due from each quarry.
"""
import argparse
import html
import logging
import os
import sys
from datetime import date
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import yaml

log = logging.getLogger("order-board")


def load_orders(path):
    with open(path) as fh:
        data = yaml.load(fh, Loader=getattr(yaml, "Loader"))
    orders = data.get("orders", []) if isinstance(data, dict) else []
    for o in orders:
        o.setdefault("status", "open")
    return orders


def overdue(order):
    due = order.get("due")
    return isinstance(due, date) and due < date.today() and order["status"] != "delivered"


def render(orders):
    rows = []
    for o in sorted(orders, key=lambda o: str(o.get("due", ""))):
        cls = "late" if overdue(o) else o["status"]
        cells = "".join(f"<td>{html.escape(str(o.get(k, '')))}</td>"
                        for k in ("ref", "quarry", "stone", "blocks", "due", "status"))
        rows.append(f'<tr class="{cls}">{cells}</tr>')
    return ("<html><head><meta http-equiv='refresh' content='60'><style>"
            ".late{background:#f8d0d0}.delivered{color:#888}</style></head><body>"
            "<h1>Quarry orders</h1><table>" + "".join(rows) + "</table></body></html>")


class BoardHandler(BaseHTTPRequestHandler):
    def __init__(self, *a, orders_path, **kw):
        self.orders_path = orders_path
        super().__init__(*a, **kw)

    def _page(self):
        return render(load_orders(self.orders_path)).encode()

    def _health(self):
        return b"ok"

    ROUTES = {"/": "_page", "/health": "_health"}

    def do_GET(self):
        name = self.ROUTES.get(self.path.split("?")[0])
        if name is None:
            self.send_error(404)
            return
        try:
            body = getattr(self, name)()
        except (OSError, yaml.YAMLError) as exc:
            log.error("render failed: %s", exc)
            self.send_error(500)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def main():
    ap = argparse.ArgumentParser(description="quarry order board")
    ap.add_argument("--orders", default=os.environ.get("ORDERS_FILE", "orders.yaml"))
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        log.info("%d orders loaded", len(load_orders(args.orders)))
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load %s: %s", args.orders, exc)
        return 1
    handler = partial(BoardHandler, orders_path=args.orders)
    server = ThreadingHTTPServer((args.bind, args.port), handler)
    log.info("board on http://%s:%d/", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
