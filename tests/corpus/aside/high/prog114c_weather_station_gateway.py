#!/usr/bin/env python3
"""Share the yard weather station's live readings with crew tablets.

Runs as a service on the yard gateway: binds the standard web port so the
tablets' bookmarks need no port number, then carries on as an ordinary
service account.

Polls the station console's HTTP API every few seconds, keeps the latest
reading plus a short rolling history, and serves them as JSON on the yard
network so the tablets can show wind and rain before anyone goes up a ladder.

    GET /current   latest reading
    GET /history   last hour, one reading per poll
    GET /go        simple go / no-go for roof work
"""

import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
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


class _Libc:
    """Thin wrapper over the C library identity calls."""

    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        self.lib.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
        for name in ("setresgid", "setresuid"):
            getattr(self.lib, name).argtypes = [ctypes.c_uint] * 3

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def switch_to(self, account):
        entry = pwd.getpwnam(account)
        groups = (ctypes.c_uint * 1)(entry.pw_gid)
        self._check(self.lib.setgroups(1, groups), "setgroups")
        self._check(self.lib.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
        self._check(self.lib.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
        os.environ["HOME"] = entry.pw_dir
        return entry.pw_uid, entry.pw_gid


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
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--run-as", default=os.environ.get("STATION_USER", "nobody"))
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    server = ThreadingHTTPServer((args.listen, args.port), None)
    try:
        uid, gid = _Libc().switch_to(args.run_as)
        LOG.info("running as %s (uid %d gid %d)", args.run_as, uid, gid)
    except (KeyError, OSError) as exc:
        LOG.warning("staying as uid %d: %s", os.getuid(), exc)

    store = ReadingStore(maxlen=int(3600 / args.interval))
    server.RequestHandlerClass = make_handler(store)
    stop = threading.Event()
    poller = threading.Thread(target=poll_station,
                              args=(args.station, store, args.interval, stop),
                              daemon=True)
    poller.start()

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
