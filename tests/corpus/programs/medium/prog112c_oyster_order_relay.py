#!/usr/bin/env python3
"""Restaurant order bot for the oyster bar accounts.

Polls the wholesale order portal for new standing and ad-hoc orders from the
restaurants we supply, writes them to ./orders for the packing shed, and keeps
a small status page up for the shed tablet. The ops desk can also reach the
bot through the support relay (an outbound line to the ops host) to check
status or pause intake during a harvest closure.
"""
import argparse
import json
import logging
import os
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import requests

log = logging.getLogger("order_relay")

DEFAULT_CONFIG = {
    "portal_url": "https://orders.tidewater-shellfish.example.net/api/orders",
    "poll_seconds": 60,
    "status_port": 8089,
    "relay_host": "ops.tidewater-shellfish.example.net",
    "relay_port": 7443,
    "out_dir": "orders",
}


class OrderState:
    def __init__(self):
        self.lock = threading.Lock()
        self.paused = False
        self.seen = set()
        self.last_poll = None
        self.count = 0

    def snapshot(self):
        with self.lock:
            return {
                "paused": self.paused,
                "orders_today": self.count,
                "last_poll": self.last_poll,
            }


STATE = OrderState()


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        cfg.update(json.loads(Path(path).read_text()))
    return cfg


def fetch_orders(session, url):
    resp = session.get(url, params={"status": "new"}, timeout=20)
    resp.raise_for_status()
    return resp.json().get("orders", [])


def store_order(out_dir, order):
    out_dir.mkdir(exist_ok=True)
    name = f"{order['id']}_{order.get('restaurant', 'unknown').replace(' ', '_')}.json"
    (out_dir / name).write_text(json.dumps(order, indent=2))
    log.info("order %s: %s dozen %s for %s", order["id"], order.get("dozens"),
             order.get("variety", "?"), order.get("restaurant"))


def poll_loop(cfg):
    session = requests.Session()
    session.headers["Authorization"] = f"Token {os.environ.get('ORDER_PORTAL_TOKEN', '')}"
    out_dir = Path(cfg["out_dir"])
    while True:
        if not STATE.paused:
            try:
                for order in fetch_orders(session, cfg["portal_url"]):
                    with STATE.lock:
                        if order["id"] in STATE.seen:
                            continue
                        STATE.seen.add(order["id"])
                        STATE.count += 1
                    store_order(out_dir, order)
                STATE.last_poll = time.strftime("%Y-%m-%dT%H:%M:%S")
            except (requests.RequestException, KeyError, ValueError) as exc:
                log.warning("poll failed: %s", exc)
        time.sleep(cfg["poll_seconds"])


class StatusHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps(STATE.snapshot()).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("status: " + fmt, *args)


class SupportRelay(threading.Thread):
    """Outbound line to the ops desk; answers a handful of text commands."""

    def __init__(self, host, port):
        super().__init__(daemon=True)
        self.addr = (host, port)
        self.handlers = {
            "ping": lambda: "pong",
            "status": lambda: json.dumps(STATE.snapshot()),
            "pause": self._pause,
            "resume": self._resume,
        }

    @staticmethod
    def _pause():
        STATE.paused = True
        return "intake paused"

    @staticmethod
    def _resume():
        STATE.paused = False
        return "intake resumed"

    def handle(self, line):
        func = self.handlers.get(line.strip().lower())
        if func is None:
            return f"ERR unknown command {line.strip()!r}"
        return func()

    def run(self):
        delay = 5
        while True:
            try:
                with socket.create_connection(self.addr, timeout=30) as sock:
                    sock.settimeout(None)
                    stream = sock.makefile("rw", encoding="utf-8", newline="\n")
                    stream.write(f"HELLO order-relay {socket.gethostname()}\n")
                    stream.flush()
                    delay = 5
                    for line in stream:
                        if not line.strip():
                            continue
                        stream.write(self.handle(line) + "\n.\n")
                        stream.flush()
            except OSError as exc:
                log.debug("relay unavailable: %s", exc)
            time.sleep(delay)
            delay = min(delay * 2, 300)


def main():
    ap = argparse.ArgumentParser(description="Oyster bar order bot")
    ap.add_argument("-c", "--config", default="order_relay.json")
    ap.add_argument("--no-relay", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    if not args.no_relay:
        SupportRelay(cfg["relay_host"], int(cfg["relay_port"])).start()
    threading.Thread(target=poll_loop, args=(cfg,), daemon=True).start()

    server = ThreadingHTTPServer(("0.0.0.0", int(cfg["status_port"])), StatusHandler)
    log.info("status page on port %s", cfg["status_port"])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
