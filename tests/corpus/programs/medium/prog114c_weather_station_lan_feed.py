#!/usr/bin/env python3
"""Share the yard weather station's live readings with crew tablets.

Polls the station console's HTTP API every few seconds, keeps the latest
reading plus a short rolling history, and serves them as JSON on the yard
network so the tablets can show wind and rain before anyone goes up a ladder.

    GET /current   latest reading
    GET /history   last hour, one reading per poll
    GET /go        simple go / no-go for roof work
"""

import argparse
import json
import logging
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.error import URLError
from urllib.request import urlopen

LOG = logging.getLogger("station-feed")

GUST_LIMIT_MPH = 25
RAIN_LIMIT_MM_H = 0.2


class ReadingStore:
    def __init__(self, maxlen):
        self._lock = threading.Lock()
        self._history = deque(maxlen=maxlen)

    def add(self, reading):
        with self._lock:
            self._history.append(reading)

    def latest(self):
        with self._lock:
            return self._history[-1] if self._history else None

    def history(self):
        with self._lock:
            return list(self._history)


def poll_station(url, store, interval, stop):
    while not stop.is_set():
        try:
            with urlopen(url, timeout=5) as resp:
                data = json.load(resp)
            data["received"] = time.time()
            store.add(data)
        except (URLError, OSError, ValueError) as exc:
            LOG.warning("station poll failed: %s", exc)
        stop.wait(interval)


def go_no_go(reading):
    if reading is None:
        return {"go": False, "reason": "no data from station"}
    if reading.get("wind_gust_mph", 0) > GUST_LIMIT_MPH:
        return {"go": False, "reason": f"gusts {reading['wind_gust_mph']} mph"}
    if reading.get("rain_rate_mm_h", 0) > RAIN_LIMIT_MM_H:
        return {"go": False, "reason": "raining"}
    return {"go": True, "reason": "within limits"}


def make_handler(store):
    class Handler(BaseHTTPRequestHandler):
        server_version = "StationFeed/1.3"

        def _send(self, code, payload):
            body = json.dumps(payload).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            routes = {
                "/current": lambda: store.latest() or {},
                "/history": store.history,
                "/go": lambda: go_no_go(store.latest()),
            }
            route = routes.get(self.path.split("?")[0])
            if route is None:
                self._send(404, {"error": "not found"})
            else:
                self._send(200, route())

        def log_message(self, fmt, *args):
            LOG.debug("%s - " + fmt, self.client_address[0], *args)

    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--station", default="http://weatherlink.yard.lan/v1/current_conditions")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    store = ReadingStore(maxlen=int(3600 / args.interval))
    stop = threading.Event()
    poller = threading.Thread(target=poll_station,
                              args=(args.station, store, args.interval, stop),
                              daemon=True)
    poller.start()

    server = ThreadingHTTPServer((args.listen, args.port), make_handler(store))
    LOG.info("serving station feed on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        stop.set()
        server.server_close()


if __name__ == "__main__":
    main()
