#!/usr/bin/env python3
"""Guest Wi-Fi login portal for the hostel.

Serves the voucher login page on the guest network. When a guest enters a
valid voucher code their device's MAC address (looked up from the ARP
table) is appended to the authorised list that the gateway's firewall
script picks up. Starts as root to take port 80, then runs as an
unprivileged account.
"""

import argparse
import csv
import grp
import html
import logging
import os
import pwd
import sys
import threading
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

log = logging.getLogger("guest_portal")

PAGE = """<!doctype html><html><head><meta name=viewport content="width=device-width">
<title>{site} guest Wi-Fi</title></head><body style="font-family:sans-serif;max-width:28em;margin:3em auto">
<h2>Welcome to {site}</h2><p>Enter the voucher code from your key-card sleeve.</p>
<form method=post action=/login><input name=code autofocus> <button>Connect</button></form>
<p style="color:#b00">{error}</p></body></html>"""


def arp_lookup(ip, table="/proc/net/arp"):
    with open(table) as fh:
        next(fh)
        for line in fh:
            parts = line.split()
            if parts and parts[0] == ip:
                return parts[3].lower()
    return None


class VoucherBook:
    def __init__(self, voucher_csv, allow_file):
        self.voucher_csv = voucher_csv
        self.allow_file = allow_file
        self.lock = threading.Lock()

    def valid(self, code):
        code = code.strip().upper()
        with open(self.voucher_csv, newline="") as fh:
            for row in csv.DictReader(fh):
                if row["code"].upper() == code and row.get("status", "open") == "open":
                    return True
        return False

    def authorise(self, mac, code):
        with self.lock, open(self.allow_file, "a") as fh:
            fh.write(f"{mac}\n")
        log.info("authorised %s with voucher %s", mac, code)


class PortalHandler(BaseHTTPRequestHandler):
    book = None
    site = "Hostel"

    def _page(self, status=200, error=""):
        body = PAGE.format(site=html.escape(self.site), error=html.escape(error)).encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self._page()

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0) or 0)
        form = parse_qs(self.rfile.read(min(length, 4096)).decode(errors="replace"))
        code = (form.get("code") or [""])[0]
        if not code or not self.book.valid(code):
            return self._page(403, "That code was not recognised.")
        mac = arp_lookup(self.client_address[0])
        if not mac:
            return self._page(500, "Could not identify your device, please ask reception.")
        self.book.authorise(mac, code)
        self._page(200, "You are connected. Enjoy your stay!")

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.client_address[0], fmt % args)


def run_as(username):
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid %d)", username, os.getuid())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="portal")
    ap.add_argument("--site", default="Harbour Hostel")
    ap.add_argument("--vouchers", default="vouchers.csv")
    ap.add_argument("--allow-file", default="authorised_macs.txt")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    PortalHandler.book = VoucherBook(os.path.abspath(args.vouchers),
                                     os.path.abspath(args.allow_file))
    PortalHandler.site = args.site
    try:
        server = ThreadingHTTPServer((args.listen, args.port), PortalHandler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1
    if os.getuid() == 0:
        run_as(args.user)
    log.info("portal up on %s:%d since %s", args.listen, args.port,
             datetime.now().strftime("%H:%M"))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
