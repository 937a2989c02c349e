#!/usr/bin/env python3
"""Headstone quote service for the showroom kiosk and website form.

POST /quote with JSON {"material", "width_mm", "height_mm", "depth_mm",
"letters", "lettering", "base", "cemetery_fee"} and get back an itemised
quote.  Rates come from rates.json (see stone_rates_refresh).  Runs on the
showroom box on port 80 so the kiosk browser needs no port in its URL, and
runs as the unprivileged service account once the port is open.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import sys
from decimal import ROUND_HALF_UP, Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("quote-service")

DEFAULT_RATES = {
    "materials": {"black granite": 5200, "grey granite": 3900, "white marble": 4600,
                  "welsh slate": 3400, "york stone": 2800},      # GBP per cubic metre
    "lettering": {"v-cut": 2.40, "gilded": 4.10, "lead": 5.60, "raised": 7.25},  # per letter
    "base": 185.00,
    "vat": 0.20,
    "minimum": 650.00,
}


def money(value):
    return Decimal(value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


class QuoteEngine:
    def __init__(self, rates_path):
        self.rates_path = Path(rates_path)
        self.rates = DEFAULT_RATES
        self.reload()

    def reload(self):
        if self.rates_path.exists():
            try:
                self.rates = {**DEFAULT_RATES, **json.loads(self.rates_path.read_text())}
                LOG.info("rates loaded from %s", self.rates_path)
            except ValueError as exc:
                LOG.warning("bad rates file, keeping defaults: %s", exc)

    def quote(self, req):
        material = req["material"].lower()
        if material not in self.rates["materials"]:
            raise ValueError(f"unknown material {material!r}")
        dims = [int(req[k]) for k in ("width_mm", "height_mm", "depth_mm")]
        if any(d <= 0 or d > 3000 for d in dims):
            raise ValueError("dimensions must be between 1 and 3000 mm")
        volume_m3 = Decimal(dims[0] * dims[1] * dims[2]) / Decimal(10**9)
        style = req.get("lettering", "v-cut")
        lines = [
            ("stone", money(volume_m3 * Decimal(self.rates["materials"][material]))),
            ("lettering", money(Decimal(str(self.rates["lettering"][style])) * int(req.get("letters", 0)))),
        ]
        if req.get("base", True):
            lines.append(("base", money(self.rates["base"])))
        if req.get("cemetery_fee"):
            lines.append(("cemetery permit", money(req["cemetery_fee"])))
        net = max(sum(v for _, v in lines), money(self.rates["minimum"]))
        vat = money(net * Decimal(str(self.rates["vat"])))
        return {"lines": [{"item": k, "gbp": str(v)} for k, v in lines],
                "net": str(net), "vat": str(vat), "total": str(net + vat)}


class QuoteHandler(BaseHTTPRequestHandler):
    engine = None
    server_version = "HartleyQuote/2.1"

    def _reply(self, status, obj):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/health":
            self._reply(200, {"ok": True})
        else:
            self._reply(404, {"error": "not found"})

    def do_POST(self):
        if self.path != "/quote":
            return self._reply(404, {"error": "not found"})
        try:
            length = min(int(self.headers.get("Content-Length", 0)), 16384)
            req = json.loads(self.rfile.read(length))
            self._reply(200, self.engine.quote(req))
        except (KeyError, ValueError, TypeError) as exc:
            self._reply(400, {"error": str(exc)})

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


def become(account):
    """Switch the process to the service account after the socket is bound."""
    if os.getuid() != 0:
        return
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    LOG.info("running as %s (uid %d)", account, pw.pw_uid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--rates", default="rates.json")
    ap.add_argument("--user", default="quotesvc")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    QuoteHandler.engine = QuoteEngine(args.rates)
    try:
        httpd = ThreadingHTTPServer((args.host, args.port), QuoteHandler)
    except PermissionError:
        LOG.error("port %d needs root to bind; start with sudo or use --port", args.port)
        return 1
    try:
        become(args.user)
    except (KeyError, PermissionError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        return 1
    LOG.info("listening on %s:%d", args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
