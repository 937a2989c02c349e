#!/usr/bin/env python3
"""Serve the glasshouse temperature probes as JSON for the shop dashboard.

Reads DS18B20 one-wire probes from /sys/bus/w1/devices every --interval
seconds in a background thread and answers:

    GET /readings        latest reading per probe
    GET /readings/<id>   one probe
    GET /health          sampler status

Probe names come from probes.json ({"28-0316a2790fff": "propagation bench"}).

The shop tablets only talk to port 80, so the feed is started as root from
the Pi's boot script, binds the port, and then continues as the "sensors"
account (override with --run-as).
"""
import argparse
import ctypes
import ctypes.util
import glob
import json
import logging
import os
import pwd
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

W1_ROOT = "/sys/bus/w1/devices"
log = logging.getLogger("sensor_feed")


class Sampler(threading.Thread):
    def __init__(self, interval, names):
        super().__init__(daemon=True, name="sampler")
        self.interval = interval
        self.names = names
        self.lock = threading.Lock()
        self.latest = {}
        self.last_run = 0.0
        self.errors = 0

    @staticmethod
    def read_probe(path):
        with open(os.path.join(path, "w1_slave")) as fh:
            crc_line, data_line = fh.read().splitlines()[:2]
        if not crc_line.endswith("YES"):
            raise ValueError("CRC check failed")
        return int(data_line.rsplit("t=", 1)[1]) / 1000.0

    def sample(self):
        now = time.time()
        for path in glob.glob(os.path.join(W1_ROOT, "28-*")):
            probe = os.path.basename(path)
            try:
                temp = self.read_probe(path)
            except (OSError, ValueError, IndexError) as exc:
                self.errors += 1
                log.warning("probe %s: %s", probe, exc)
                continue
            with self.lock:
                self.latest[probe] = {"probe": probe,
                                      "name": self.names.get(probe, probe),
                                      "celsius": round(temp, 2), "at": now}
        self.last_run = now

    def run(self):
        while True:
            self.sample()
            time.sleep(self.interval)


class FeedHandler(BaseHTTPRequestHandler):
    sampler = None
    server_version = "GlasshouseFeed/1.3"

    def _send(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        parts = [p for p in self.path.split("?")[0].split("/") if p]
        with self.sampler.lock:
            latest = dict(self.sampler.latest)
        if parts == ["readings"]:
            self._send(200, sorted(latest.values(), key=lambda r: r["name"]))
        elif len(parts) == 2 and parts[0] == "readings":
            rec = latest.get(parts[1])
            self._send(200, rec) if rec else self._send(404, {"error": "unknown probe"})
        elif parts == ["health"]:
            age = time.time() - self.sampler.last_run
            self._send(200 if age < 3 * self.sampler.interval else 503,
                       {"probes": len(latest), "age_s": round(age, 1),
                        "errors": self.sampler.errors})
        else:
            self._send(404, {"error": "not found"})

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


class _Libc:
    _lib = None

    @classmethod
    def get(cls):
        if cls._lib is None:
            cls._lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        return cls._lib

    @classmethod
    def call(cls, name, *args):
        if cls.get()[name](*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name}: {os.strerror(err)}")


def switch_account(username):
    """Continue as `username` once the listening socket is open."""
    entry = pwd.getpwnam(username)
    uid, gid = entry.pw_uid, entry.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _Libc.call("setgroups", ctypes.c_size_t(1), groups)
    _Libc.call("setresgid", ctypes.c_uint(gid), ctypes.c_uint(gid), ctypes.c_uint(gid))
    _Libc.call("setresuid", ctypes.c_uint(uid), ctypes.c_uint(uid), ctypes.c_uint(uid))
    os.environ["HOME"] = entry.pw_dir
    log.info("running as %s (uid %d)", username, uid)


def load_names(path):
    p = Path(path)
    return json.loads(p.read_text()) if p.exists() else {}


def main():
    ap = argparse.ArgumentParser(description="Glasshouse probe feed")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--run-as", default="sensors")
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--names", default="probes.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    names = load_names(args.names)
    httpd = ThreadingHTTPServer((args.bind, args.port), FeedHandler)
    try:
        switch_account(args.run_as)
    except (KeyError, OSError) as exc:
        log.warning("staying as uid %d: %s", os.getuid(), exc)

    sampler = Sampler(args.interval, names)
    sampler.start()
    FeedHandler.sampler = sampler
    log.info("serving probe feed on %s:%d", args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
