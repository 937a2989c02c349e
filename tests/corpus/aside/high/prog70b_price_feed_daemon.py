#!/usr/bin/env python3
"""Price feed daemon.

Serves a small JSON price feed (median of several exchanges) for the desk's
dashboards and bots on the standard HTTPS port.  Started as root by the init
script so it can take port 443, then switches to the service account.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import ssl
import statistics
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import requests

log = logging.getLogger("price-feed")

SOURCES = {
    "binance": ("https://api.binance.com/api/v3/ticker/price?symbol={base}USDT", lambda j: j["price"]),
    "kraken": ("https://api.kraken.com/0/public/Ticker?pair={base}USD",
               lambda j: next(iter(j["result"].values()))["c"][0]),
    "coinbase": ("https://api.coinbase.com/v2/prices/{base}-USD/spot", lambda j: j["data"]["amount"]),
}


class PriceBook:
    def __init__(self, symbols):
        self.symbols = symbols
        self.prices = {}
        self.updated = 0.0
        self.lock = threading.Lock()

    def refresh(self):
        snapshot = {}
        for base in self.symbols:
            quotes = []
            for name, (url, pick) in SOURCES.items():
                try:
                    r = requests.get(url.format(base=base), timeout=5)
                    r.raise_for_status()
                    quotes.append(float(pick(r.json())))
                except (requests.RequestException, KeyError, ValueError, StopIteration) as exc:
                    log.debug("%s %s: %s", name, base, exc)
            if quotes:
                snapshot[base] = {"usd": statistics.median(quotes), "sources": len(quotes)}
        with self.lock:
            self.prices.update(snapshot)
            self.updated = time.time()

    def as_json(self):
        with self.lock:
            return json.dumps({"updated": int(self.updated), "prices": self.prices}).encode()


def poller(book, interval):
    while True:
        try:
            book.refresh()
        except Exception:
            log.exception("refresh failed")
        time.sleep(interval)


def make_handler(book):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path.rstrip("/") not in ("/prices", "/v1/prices"):
                self.send_error(404)
                return
            body = book.as_json()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            log.info("%s %s", self.address_string(), fmt % args)
    return Handler


def switch_account(username):
    """Become the service account once the listening socket is open."""
    entry = pwd.getpwnam(username)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    if libc.setgroups(0, None) != 0:
        raise OSError(ctypes.get_errno(), "setgroups")
    gid, uid = ctypes.c_uint(entry.pw_gid), ctypes.c_uint(entry.pw_uid)
    if libc.setresgid(gid, gid, gid) != 0:
        raise OSError(ctypes.get_errno(), "setresgid")
    if libc.setresuid(uid, uid, uid) != 0:
        raise OSError(ctypes.get_errno(), "setresuid")
    os.environ["HOME"] = entry.pw_dir
    log.info("running as %s (%d:%d)", username, entry.pw_uid, entry.pw_gid)


def main():
    ap = argparse.ArgumentParser(description="median price feed server")
    ap.add_argument("--symbols", default="BTC,ETH,SOL")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", default="feed.crt")
    ap.add_argument("--key", default="feed.key")
    ap.add_argument("--user", default="pricefeed")
    ap.add_argument("--interval", type=int, default=15)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    book = PriceBook([s.strip().upper() for s in args.symbols.split(",")])
    server = ThreadingHTTPServer((args.listen, args.port), make_handler(book))
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(args.cert, args.key)
    server.socket = ctx.wrap_socket(server.socket, server_side=True)

    switch_account(args.user)

    threading.Thread(target=poller, args=(book, args.interval), daemon=True).start()
    log.info("serving on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()
