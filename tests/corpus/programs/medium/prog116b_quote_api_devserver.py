#!/usr/bin/env python3
"""Party package quote API for the booking tablets.

Small JSON API the front-desk and floor tablets call to price a karaoke /
paintball party while the customer is standing there.  Rates come from the
seasonal rate card JSON; quotes are logged to a JSONL file for the weekly
sales report.

    POST /quote   {"start": "...", "items": {...}, "birthday": true}
    GET  /health
"""

import argparse
import datetime as dt
import json
import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("quote-api")

PEAK_DAYS = {4, 5}
VAT_RATE = 0.20


class RateCard:
    def __init__(self, path):
        self.path = Path(path)
        self._lock = threading.Lock()
        self._mtime = 0
        self._data = {}

    def get(self):
        with self._lock:
            mtime = self.path.stat().st_mtime
            if mtime != self._mtime:
                self._data = json.loads(self.path.read_text())
                self._mtime = mtime
                log.info("rate card reloaded (%d items)", len(self._data["base"]))
            return self._data


def price(card, req):
    when = dt.datetime.fromisoformat(req["start"])
    peak = when.weekday() in PEAK_DAYS and when.hour >= 18
    lines, subtotal = [], 0.0
    for item, qty in req["items"].items():
        unit = card["base"][item]
        if peak and item.startswith("karaoke_room"):
            unit *= card.get("peak_multiplier", 1.25)
        amount = round(unit * int(qty), 2)
        lines.append({"item": item, "qty": int(qty), "amount": amount})
        subtotal += amount
    discount = round(subtotal * card.get("birthday_rate", 0.08), 2) if req.get("birthday") else 0.0
    net = subtotal - discount
    vat = round(net * VAT_RATE, 2)
    return {"lines": lines, "subtotal": round(subtotal, 2), "discount": discount,
            "vat": vat, "total": round(net + vat, 2), "peak": peak}


class QuoteHandler(BaseHTTPRequestHandler):
    server_version = "QuoteAPI/1.4"
    rate_card = None
    journal = None

    def _send(self, code, obj):
        body = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/health":
            self._send(200, {"ok": True})
        else:
            self._send(404, {"error": "not found"})

    def do_POST(self):
        if self.path != "/quote":
            return self._send(404, {"error": "not found"})
        try:
            length = int(self.headers.get("Content-Length", 0))
            if length > 64 * 1024:
                return self._send(413, {"error": "request too large"})
            req = json.loads(self.rfile.read(length))
            quote = price(self.rate_card.get(), req)
        except (ValueError, KeyError, TypeError) as exc:
            return self._send(400, {"error": str(exc)})
        with open(self.journal, "a") as fh:
            fh.write(json.dumps({"at": dt.datetime.now().isoformat(), "req": req,
                                 "total": quote["total"]}) + "\n")
        self._send(200, quote)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description="Party quote API")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--rate-card", default="ratecard.json")
    ap.add_argument("--journal", default="quotes.jsonl")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    QuoteHandler.rate_card = RateCard(args.rate_card)
    QuoteHandler.journal = args.journal
    httpd = ThreadingHTTPServer((args.host, args.port), QuoteHandler)
    log.info("quote API listening on %s:%d", args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
