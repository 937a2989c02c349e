#!/usr/bin/env python3
"""Pilot briefing mirror for the lounge.

Downloads the briefing packets (NOTAMs, TFR list, local procedures PDF)
into ./briefing and serves that folder on the lounge network so pilots can
open it on their tablets without going through the captive portal.
"""
import argparse
import functools
import http.server
import logging
import os
import threading
import time

import requests
import urllib3

log = logging.getLogger("briefing_mirror")

# the state feed's certificate chain is broken half the time
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

SOURCES = {
    "notams.json": "https://notam.example.com/api/v2/notams?icao=KXYZ",
    "tfr.json": "https://tfr.example.gov/api/list?state=XX",
    "local_procedures.pdf": "https://www.example.com/fbo/docs/local_procedures.pdf",
}
OUT_DIR = "briefing"


def fetch_all(session, out_dir):
    ok = 0
    for name, url in SOURCES.items():
        try:
            r = session.get(url, timeout=20, verify=False)
            r.raise_for_status()
        except requests.RequestException as exc:
            log.warning("%s: %s", name, exc)
            continue
        tmp = os.path.join(out_dir, name + ".part")
        with open(tmp, "wb") as fh:
            fh.write(r.content)
        os.replace(tmp, os.path.join(out_dir, name))
        ok += 1
    log.info("refreshed %d/%d briefing files", ok, len(SOURCES))


class Refresher(threading.Thread):
    def __init__(self, interval, out_dir):
        super().__init__(daemon=True)
        self.interval = interval
        self.out_dir = out_dir
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "fbo-briefing-mirror/1.2"

    def run(self):
        while True:
            fetch_all(self.session, self.out_dir)
            time.sleep(self.interval)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.address_string(), fmt % args)


def serve(out_dir, host, port):
    handler = functools.partial(QuietHandler, directory=out_dir)
    httpd = http.server.ThreadingHTTPServer((host, port), handler)
    log.info("serving %s on http://%s:%d/", out_dir, host, port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        httpd.server_close()


def main():
    ap = argparse.ArgumentParser(description="Lounge briefing mirror")
    ap.add_argument("--host", default="0.0.0.0", help="address to listen on")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--interval", type=int, default=900, help="refresh seconds")
    ap.add_argument("--fetch-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    os.makedirs(OUT_DIR, exist_ok=True)
    if args.fetch_only:
        with requests.Session() as s:
            fetch_all(s, OUT_DIR)
        return

    Refresher(args.interval, OUT_DIR).start()
    serve(OUT_DIR, args.host, args.port)


if __name__ == "__main__":
    main()
