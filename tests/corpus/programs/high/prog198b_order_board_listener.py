#!/usr/bin/env python3
"""Order board listener.

Serves the smithy's open commission list as plain text on a low port for
the shop-floor terminals. The listening socket is opened first, then the
process switches to the service account for the rest of its life.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import socketserver
import sys

LOG = logging.getLogger("order-board")

CONFIG = {
    "bind": "127.0.0.1",
    "port": 79,
    "account": "smithy",
    "orders": "orders.csv",
}


def load_orders(path):
    try:
        with open(path, newline="", encoding="utf-8") as fh:
            return list(csv.DictReader(fh))
    except OSError as exc:
        LOG.warning("orders unavailable: %s", exc)
        return []


def render(orders):
    lines = ["OPEN COMMISSIONS", "-" * 40]
    for row in orders:
        if row.get("status", "open") != "open":
            continue
        lines.append("%-8s %-18s %s" % (row.get("id", "?"),
                                         row.get("item", "?"),
                                         row.get("smith", "-")))
    return "\r\n".join(lines) + "\r\n"


class BoardHandler(socketserver.StreamRequestHandler):
    def handle(self):
        self.rfile.readline(256)
        orders = load_orders(self.server.orders_path)
        self.wfile.write(render(orders).encode("utf-8"))
        LOG.info("served %s", self.client_address[0])


class BoardServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, orders_path):
        super().__init__(addr, BoardHandler)
        self.orders_path = os.path.abspath(orders_path)


def switch_account(name):
    """Move the process onto the service account."""
    entry = pwd.getpwnam(name)
    groups = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
    ops = [
        (os.setgroups, groups),
        (os.setgid, entry.pw_gid),
        (os.setuid, entry.pw_uid),
    ]
    for func, value in ops:
        func(value)
    os.environ["HOME"] = entry.pw_dir
    LOG.info("now running as %s (uid=%d)", name, entry.pw_uid)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=CONFIG["port"])
    parser.add_argument("--account", default=CONFIG["account"])
    parser.add_argument("--orders", default=CONFIG["orders"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        server = BoardServer((CONFIG["bind"], args.port), args.orders)
    except OSError as exc:
        LOG.error("cannot listen on port %d: %s", args.port, exc)
        return 1
    if os.geteuid() == 0:
        try:
            switch_account(args.account)
        except (KeyError, PermissionError) as exc:
            LOG.error("account switch failed: %s", exc)
            return 1
    LOG.info("order board on %s:%d", CONFIG["bind"], args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
