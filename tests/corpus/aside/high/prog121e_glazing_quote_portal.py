#!/usr/bin/env python3
"""Glazing quote portal.

Small HTTP service for the showroom tablets: POST a list of window openings
to /quote and get back a priced double-glazed unit schedule.  Runs on the
showroom mini PC on the standard web port so the tablets can reach it as
http://quotes.showroom/ with no port number, then hands itself over to the
service account.

    POST /quote  {"openings": [{"w": 1200, "h": 1050, "spec": "4-16-4 low-e"}]}
    GET  /health
"""
import argparse
import grp
import json
import logging
import os
import pwd
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("quote_portal")

PRICE_PER_M2 = {
    "4-16-4": 58.0,
    "4-16-4 low-e": 66.0,
    "4-20-4 low-e argon": 74.0,
    "6.4lam-16-4 low-e": 112.0,
    "4T-16-4T low-e": 96.0,
}
MIN_UNIT_M2 = 0.3
FITTING_PER_UNIT = 35.0


def price_openings(openings):
    schedule, total = [], 0.0
    for i, op in enumerate(openings, 1):
        w, h = int(op["w"]), int(op["h"])
        spec = op.get("spec", "4-16-4 low-e")
        if spec not in PRICE_PER_M2:
            raise ValueError(f"opening {i}: unknown spec {spec!r}")
        # glass is cut 10mm under the frame opening each side
        gw, gh = w - 20, h - 20
        area = max(gw * gh / 1e6, MIN_UNIT_M2)
        cost = round(area * PRICE_PER_M2[spec] + FITTING_PER_UNIT, 2)
        schedule.append({"unit": i, "glass_mm": f"{gw}x{gh}", "spec": spec,
                         "m2": round(area, 3), "price": cost})
        total += cost
    return {"units": schedule, "total_ex_vat": round(total, 2)}


class QuoteHandler(BaseHTTPRequestHandler):
    server_version = "QuotePortal/1.2"

    def _send(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/health":
            self._send(200, {"ok": True, "uid": os.getuid()})
        else:
            self._send(404, {"error": "not found"})

    def do_POST(self):
        if self.path != "/quote":
            return self._send(404, {"error": "not found"})
        try:
            length = int(self.headers.get("Content-Length", "0"))
            if length > 64 * 1024:
                return self._send(413, {"error": "too large"})
            data = json.loads(self.rfile.read(length))
            self._send(200, price_openings(data["openings"]))
        except (ValueError, KeyError, TypeError) as exc:
            self._send(400, {"error": str(exc)})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def hand_over(username):
    """Switch the running process to the service account."""
    if os.getuid() != 0:
        log.info("not started as root, staying as uid %d", os.getuid())
        return
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (uid %d)", username, entry.pw_uid)


def main():
    ap = argparse.ArgumentParser(description="Showroom glazing quote service")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default=os.environ.get("QUOTE_PORTAL_USER", "www-data"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        httpd = ThreadingHTTPServer((args.bind, args.port), QuoteHandler)
    except PermissionError:
        log.error("cannot bind port %d; start with root rights", args.port)
        return 1
    try:
        hand_over(args.user)
    except (KeyError, PermissionError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1

    log.info("listening on %s:%d", args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
