#!/usr/bin/env python3
"""Fetch lifeguard certificates and share them on the staff room network.

Pulls the current certificate PDFs for our lifeguards from the awarding
body's verification service, drops them in ./cert_share/, and serves that
folder so the duty managers can open them from the poolside tablets during
inspections.
"""
import argparse
import csv
import functools
import http.server
import logging
import os
import socketserver
import threading
import time

import requests
import urllib3

log = logging.getLogger("cert-share")

AWARDING_BODY = "https://verify.example.org/api/certificates"
SHARE_DIR = "cert_share"

# the awarding body's certificate chain is not in the tablet image yet
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def read_roster(path):
    with open(path, newline="") as fh:
        return [row for row in csv.DictReader(fh) if row.get("cert_no")]


def fetch_certificate(session, cert_no):
    r = session.get(f"{AWARDING_BODY}/{cert_no}.pdf", timeout=20, verify=False)
    r.raise_for_status()
    return r.content


def refresh(roster, token):
    os.makedirs(SHARE_DIR, exist_ok=True)
    ok = 0
    with requests.Session() as s:
        s.headers["Authorization"] = f"Token {token}"
        for row in roster:
            name = f"{row['surname']}_{row['cert_no']}.pdf".replace(" ", "_")
            try:
                pdf = fetch_certificate(s, row["cert_no"])
            except requests.RequestException as exc:
                log.warning("%s: %s", row["cert_no"], exc)
                continue
            with open(os.path.join(SHARE_DIR, name), "wb") as fh:
                fh.write(pdf)
            ok += 1
    log.info("refreshed %d/%d certificates", ok, len(roster))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s %s", self.client_address[0], fmt % args)


class ThreadedServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(port):
    handler = functools.partial(QuietHandler, directory=SHARE_DIR)
    httpd = ThreadedServer(("0.0.0.0", port), handler)
    log.info("sharing %s on port %d", SHARE_DIR, port)
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    return httpd


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--roster", default="lifeguards.csv")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--refresh-hours", type=float, default=12)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("AWARDING_BODY_TOKEN", "")
    httpd = serve(args.port)
    try:
        while True:
            try:
                refresh(read_roster(args.roster), token)
            except FileNotFoundError:
                log.error("roster %s not found", args.roster)
            time.sleep(args.refresh_hours * 3600)
    except KeyboardInterrupt:
        log.info("shutting down")
        httpd.shutdown()


if __name__ == "__main__":
    main()
