#!/usr/bin/env python3
"""Quote pricing service for the sales desk and the customer portal.

POST /quote with {"account": "...", "lines": [{"sku": "...", "qty": n}]}
returns priced lines with tier discounts, dangerous-goods surcharges and
carriage. Prices come from pricelist.csv (sku,description,unit_cost,
list_price,dg_class,pack_size) which the nightly job refreshes.
"""
import argparse
import csv
import json
import logging
import os
import threading
from decimal import Decimal, ROUND_HALF_UP
from wsgiref.simple_server import make_server, WSGIRequestHandler

log = logging.getLogger("quote_api")

TIERS = [(500, Decimal("0.12")), (100, Decimal("0.08")), (24, Decimal("0.04"))]
DG_SURCHARGE = {"3": Decimal("18.50"), "8": Decimal("14.00"), "6.1": Decimal("22.00")}
FREE_CARRIAGE = Decimal("250.00")
CARRIAGE = Decimal("12.95")


class PriceBook:
    def __init__(self, path):
        self.path = path
        self._lock = threading.Lock()
        self._mtime = None
        self._rows = {}

    def _maybe_reload(self):
        mtime = os.stat(self.path).st_mtime
        if mtime != self._mtime:
            with open(self.path, newline="", encoding="utf-8") as fh:
                self._rows = {r["sku"].upper(): r for r in csv.DictReader(fh)}
            self._mtime = mtime
            log.info("loaded %d prices from %s", len(self._rows), self.path)

    def get(self, sku):
        with self._lock:
            self._maybe_reload()
            return self._rows.get(sku.upper())


def price_quote(book, request):
    lines, subtotal, dg_classes = [], Decimal("0"), set()
    for line in request["lines"]:
        row = book.get(line["sku"])
        if row is None:
            lines.append({"sku": line["sku"], "error": "unknown sku"})
            continue
        qty = int(line["qty"])
        unit = Decimal(row["list_price"])
        disc = next((d for threshold, d in TIERS if qty >= threshold), Decimal("0"))
        total = (unit * qty * (1 - disc)).quantize(Decimal("0.01"), ROUND_HALF_UP)
        if row.get("dg_class"):
            dg_classes.add(row["dg_class"])
        subtotal += total
        lines.append({"sku": row["sku"], "description": row["description"], "qty": qty,
                      "unit": str(unit), "discount": str(disc), "total": str(total)})
    surcharge = sum((DG_SURCHARGE.get(c, Decimal("10.00")) for c in dg_classes), Decimal("0"))
    carriage = Decimal("0") if subtotal >= FREE_CARRIAGE and not dg_classes else CARRIAGE
    return {"account": request.get("account"), "lines": lines, "subtotal": str(subtotal),
            "dg_surcharge": str(surcharge), "carriage": str(carriage),
            "total": str(subtotal + surcharge + carriage)}


def make_app(book):
    def app(environ, start_response):
        if environ["PATH_INFO"] != "/quote" or environ["REQUEST_METHOD"] != "POST":
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"not found\n"]
        try:
            size = int(environ.get("CONTENT_LENGTH") or 0)
            body = json.loads(environ["wsgi.input"].read(min(size, 1 << 20)))
            result = price_quote(book, body)
            status = "200 OK"
        except (ValueError, KeyError, TypeError) as exc:
            result, status = {"error": str(exc)}, "400 Bad Request"
        payload = json.dumps(result).encode()
        start_response(status, [("Content-Type", "application/json"),
                                ("Content-Length", str(len(payload)))])
        return [payload]
    return app


class QuietHandler(WSGIRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description="Quote pricing service")
    ap.add_argument("--host", default=os.environ.get("QUOTE_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("QUOTE_PORT", "8080")))
    ap.add_argument("--prices", default="pricelist.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    book = PriceBook(os.path.abspath(args.prices))
    httpd = make_server(args.host, args.port, make_app(book), handler_class=QuietHandler)
    log.info("listening on %s:%d", args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")


if __name__ == "__main__":
    main()
