#!/usr/bin/env python3
"""Receive payment-provider webhooks and append verified events to a journal.

The PSP signs every delivery with a `Psp-Signature: t=<ts>,v1=<hex>` header
(HMAC-SHA256 over "<ts>.<raw body>").  Verified events are de-duplicated by
event id and appended to events.jsonl, which the order service tails to mark
orders paid, refunded or disputed.

Config comes from webhook.ini (section [receiver]) with env overrides.
"""
import argparse
import configparser
import hashlib
import hmac
import json
import logging
import os
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("psp_webhook")

DEFAULTS = {
    "listen": "0.0.0.0",
    "port": "8443",
    "journal": "events.jsonl",
    "tolerance_seconds": "300",
    "max_body": "262144",
}


def load_config(path: str) -> dict:
    cp = configparser.ConfigParser()
    cp["receiver"] = DEFAULTS
    if Path(path).exists():
        cp.read(path)
    cfg = dict(cp["receiver"])
    cfg["secret"] = os.environ.get("PSP_WEBHOOK_SECRET", cfg.get("secret", ""))
    return cfg


def parse_signature(header: str) -> tuple:
    parts = dict(p.split("=", 1) for p in header.split(",") if "=" in p)
    return parts.get("t", ""), parts.get("v1", "")


def signature_ok(secret: str, header: str, body: bytes, tolerance: int) -> bool:
    ts, sig = parse_signature(header)
    if not ts.isdigit() or not sig:
        return False
    if abs(time.time() - int(ts)) > tolerance:
        return False
    mac = hmac.new(secret.encode(), ts.encode() + b"." + body, hashlib.sha256)
    return hmac.compare_digest(mac.hexdigest(), sig)


class Journal:
    def __init__(self, path: str):
        self.path = Path(path)
        self.lock = threading.Lock()
        self.seen = set()
        if self.path.exists():
            with self.path.open() as fh:
                for line in fh:
                    try:
                        self.seen.add(json.loads(line)["id"])
                    except (ValueError, KeyError):
                        continue

    def append(self, event: dict) -> bool:
        with self.lock:
            if event["id"] in self.seen:
                return False
            with self.path.open("a") as fh:
                fh.write(json.dumps(event, separators=(",", ":")) + "\n")
            self.seen.add(event["id"])
            return True


class WebhookHandler(BaseHTTPRequestHandler):
    server_version = "psp-webhook/1.4"
    cfg: dict = {}
    journal: Journal = None

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)

    def _reply(self, status: HTTPStatus, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        if self.path != "/webhooks/psp":
            return self._reply(HTTPStatus.NOT_FOUND, {"error": "not found"})
        length = int(self.headers.get("Content-Length", "0"))
        if length <= 0 or length > int(self.cfg["max_body"]):
            return self._reply(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, {"error": "bad length"})
        body = self.rfile.read(length)
        header = self.headers.get("Psp-Signature", "")
        if not signature_ok(self.cfg["secret"], header, body, int(self.cfg["tolerance_seconds"])):
            log.warning("rejected delivery with bad signature")
            return self._reply(HTTPStatus.BAD_REQUEST, {"error": "signature"})
        try:
            event = json.loads(body)
            record = {
                "id": event["id"],
                "type": event["type"],
                "order_ref": event["data"]["object"].get("metadata", {}).get("order_ref"),
                "amount": event["data"]["object"].get("amount"),
                "received_at": int(time.time()),
            }
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("malformed event: %s", exc)
            return self._reply(HTTPStatus.BAD_REQUEST, {"error": "malformed"})
        fresh = self.journal.append(record)
        self._reply(HTTPStatus.OK, {"received": True, "duplicate": not fresh})

    def do_GET(self):
        if self.path == "/healthz":
            return self._reply(HTTPStatus.OK, {"ok": True})
        self._reply(HTTPStatus.NOT_FOUND, {"error": "not found"})


def main() -> int:
    ap = argparse.ArgumentParser(description="PSP webhook receiver")
    ap.add_argument("-c", "--config", default="webhook.ini")
    ap.add_argument("--port", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    if not cfg["secret"]:
        log.error("no webhook secret configured (PSP_WEBHOOK_SECRET)")
        return 2
    port = args.port or int(cfg["port"])

    WebhookHandler.cfg = cfg
    WebhookHandler.journal = Journal(cfg["journal"])
    httpd = ThreadingHTTPServer((cfg["listen"], port), WebhookHandler)
    log.info("listening on %s:%d", cfg["listen"], port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
