#!/usr/bin/env python3
"""Poll greenhouse climate controllers and forward readings to GrowDesk.

Each controller exposes a small JSON status page (/status.json) on the LAN.
We poll every controller listed in climate_poller.ini, keep a rolling CSV in
./data, and push a compact bundle to the GrowDesk ingest API so the support
team can see what the house looked like when a ticket is opened.
"""

import argparse
import configparser
import csv
import http.client
import json
import logging
import os
import socket
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("climate_poller")

DEFAULT_CONFIG = "climate_poller.ini"
INGEST_URL = "https://ingest.growdesk.example/api/v2/bundles"
FIELDS = ("ts", "controller", "temp_c", "rh_pct", "co2_ppm", "vpd_kpa", "vent_pct")


def load_controllers(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(f"config not found: {path}")
    controllers = []
    for section in cfg.sections():
        if not section.startswith("controller:"):
            continue
        controllers.append({
            "name": section.split(":", 1)[1],
            "host": cfg[section].get("host"),
            "port": cfg[section].getint("port", 80),
        })
    return cfg, controllers


def fetch_status(host, port, timeout=4.0):
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        conn.request("GET", "/status.json", headers={"Accept": "application/json"})
        resp = conn.getresponse()
        if resp.status != 200:
            raise RuntimeError(f"{host}: HTTP {resp.status}")
        return json.loads(resp.read().decode("utf-8"))
    finally:
        conn.close()


def normalise(name, raw):
    return {
        "ts": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "controller": name,
        "temp_c": round(float(raw.get("air_temp", 0.0)), 2),
        "rh_pct": round(float(raw.get("humidity", 0.0)), 1),
        "co2_ppm": int(raw.get("co2", 0)),
        "vpd_kpa": round(float(raw.get("vpd", 0.0)), 3),
        "vent_pct": int(raw.get("vent_position", 0)),
    }


def append_csv(rows, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    out = data_dir / f"climate_{datetime.now():%Y%m%d}.csv"
    new_file = not out.exists()
    with out.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new_file:
            writer.writeheader()
        writer.writerows(rows)
    return out


def build_bundle(site, rows, cfg):
    """Readings plus the non-sensitive bits of our own config."""
    settings = {k: v for k, v in cfg["poller"].items() if "key" not in k}
    return {
        "site": site,
        "hostname": socket.gethostname(),
        "generated": datetime.now(timezone.utc).isoformat(),
        "poller_settings": settings,
        "readings": rows,
    }


def push_bundle(bundle, api_key, timeout=10.0):
    parts = urlsplit(INGEST_URL)
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=timeout)
    body = json.dumps(bundle).encode("utf-8")
    try:
        conn.request("POST", parts.path, body=body, headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {api_key}",
        })
        resp = conn.getresponse()
        resp.read()
        if resp.status >= 300:
            LOG.warning("ingest returned HTTP %s", resp.status)
        return resp.status
    finally:
        conn.close()


def poll_once(controllers):
    rows = []
    for ctl in controllers:
        try:
            rows.append(normalise(ctl["name"], fetch_status(ctl["host"], ctl["port"])))
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.error("poll failed for %s: %s", ctl["name"], exc)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    ap.add_argument("--interval", type=int, default=60, help="seconds between polls")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-push", action="store_true", help="only write local CSV")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        cfg, controllers = load_controllers(args.config)
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 2

    site = cfg.get("poller", "site", fallback="greenhouse")
    data_dir = Path(cfg.get("poller", "data_dir", fallback="data"))
    api_key = os.environ.get("GROWDESK_API_KEY")

    while True:
        rows = poll_once(controllers)
        if rows:
            path = append_csv(rows, data_dir)
            LOG.info("wrote %d rows to %s", len(rows), path)
            if api_key and not args.no_push:
                try:
                    push_bundle(build_bundle(site, rows, cfg), api_key)
                except OSError as exc:
                    LOG.warning("push failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
