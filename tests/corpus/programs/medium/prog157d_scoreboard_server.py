#!/usr/bin/env python3
"""Serve the stream overlay folder to the OBS machines on the production LAN
and refresh the scoreboard JSON from the league score API.

OBS browser sources point at http://<this-host>:8088/scoreboard.html.
"""
import argparse
import functools
import http.server
import json
import logging
import os
import threading
import time

import requests
import urllib3

LOG = logging.getLogger("scoreboard")

SCORE_API = os.environ.get("SCORE_API", "https://scores.example.com/api/live")
# the score box at the venue uses a self-signed cert
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.debug("%s - %s", self.address_string(), fmt % args)

    def end_headers(self):
        # OBS caches aggressively; make sure it refetches the JSON
        self.send_header("Cache-Control", "no-store")
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


class ScoreRefresher(threading.Thread):
    def __init__(self, out_path, interval, match_id):
        super().__init__(daemon=True)
        self.out_path = out_path
        self.interval = interval
        self.match_id = match_id
        self.session = requests.Session()
        self.session.verify = False

    def fetch(self):
        r = self.session.get(SCORE_API, params={"match": self.match_id}, timeout=5)
        r.raise_for_status()
        return r.json()

    def render(self, data):
        return {
            "left": {"team": data.get("home", "?"), "score": data.get("home_score", 0)},
            "right": {"team": data.get("away", "?"), "score": data.get("away_score", 0)},
            "map": data.get("map", ""),
            "updated": int(time.time()),
        }

    def run(self):
        while True:
            try:
                board = self.render(self.fetch())
                tmp = self.out_path + ".tmp"
                with open(tmp, "w") as fh:
                    json.dump(board, fh)
                os.replace(tmp, self.out_path)
            except requests.RequestException as exc:
                LOG.warning("score fetch failed: %s", exc)
            except (OSError, ValueError) as exc:
                LOG.error("could not write scoreboard: %s", exc)
            time.sleep(self.interval)


def main():
    ap = argparse.ArgumentParser(description="Overlay file server + scoreboard refresher")
    ap.add_argument("--dir", default="overlay", help="overlay folder to serve")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--match", required=True)
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.isdir(args.dir):
        LOG.error("overlay folder %s not found", args.dir)
        return 1

    ScoreRefresher(os.path.join(args.dir, "scoreboard.json"),
                   args.interval, args.match).start()

    handler = functools.partial(QuietHandler, directory=os.path.abspath(args.dir))
    server = http.server.ThreadingHTTPServer((args.bind, args.port), handler)
    LOG.info("serving %s on %s:%d", args.dir, args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
