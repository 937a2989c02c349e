#!/usr/bin/env python3
"""Order webhook listener.

Small HTTP endpoint that accepts ``orders/create`` webhooks from the
storefront, checks the HMAC signature and keeps the pending print jobs in a
local cache file that the DTG queue manager picks up.  Runs directly on the
print-room box so the storefront can reach it through the router's port
forward.
"""
import argparse
import base64
import hashlib
import hmac
import json
import logging
import os
import pickle
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("webhooks")


class JobCache:
    """Pending print jobs, persisted between restarts."""

    def __init__(self, path):
        self.path = Path(path)
        self.lock = threading.Lock()
        self.jobs = []
        if self.path.exists():
            with self.path.open("rb") as fh:
                self.jobs = pickle.load(fh)
            log.info("restored %d pending job(s)", len(self.jobs))

    def add(self, order):
        with self.lock:
            for li in order.get("line_items", []):
                props = {p["name"]: p["value"] for p in li.get("properties", [])}
                self.jobs.append({
                    "order_id": str(order["id"]),
                    "sku": li.get("sku"),
                    "qty": int(li.get("quantity", 1)),
                    "design_url": props.get("_design_url"),
                    "status": "new",
                })
            tmp = self.path.with_suffix(".tmp")
            with tmp.open("wb") as fh:
                pickle.dump(self.jobs, fh, protocol=pickle.HIGHEST_PROTOCOL)
            tmp.replace(self.path)


class Handler(BaseHTTPRequestHandler):
    cache = None
    secret = b""

    def _reply(self, code, msg=""):
        self.send_response(code)
        self.send_header("Content-Type", "text/plain")
        self.end_headers()
        self.wfile.write(msg.encode())

    def do_POST(self):
        if self.path != "/webhooks/orders":
            return self._reply(404)
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        sent = self.headers.get("X-Shop-Hmac-Sha256", "")
        calc = base64.b64encode(hmac.new(self.secret, body, hashlib.sha256).digest()).decode()
        if not hmac.compare_digest(sent, calc):
            log.warning("bad signature from %s", self.client_address[0])
            return self._reply(401, "bad signature")
        try:
            order = json.loads(body)
            self.cache.add(order)
        except (ValueError, KeyError, OSError) as exc:
            log.error("could not store order: %s", exc)
            return self._reply(422, "unprocessable")
        log.info("order %s cached (%d items)", order.get("id"), len(order.get("line_items", [])))
        self._reply(200, "ok")

    def do_GET(self):
        if self.path == "/healthz":
            return self._reply(200, "ok")
        self._reply(404)

    def log_message(self, fmt, *args):
        log.debug(fmt, *args)


def main():
    ap = argparse.ArgumentParser(description="storefront order webhook listener")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8087)
    ap.add_argument("--cache", default="pending_jobs.pkl")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    secret = os.environ.get("SHOP_WEBHOOK_SECRET")
    if not secret:
        raise SystemExit("SHOP_WEBHOOK_SECRET is not set")
    Handler.secret = secret.encode()
    Handler.cache = JobCache(args.cache)

    srv = ThreadingHTTPServer((args.bind, args.port), Handler)
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        srv.shutdown()


if __name__ == "__main__":
    main()
