#!/usr/bin/env python3
"""Poll the telematics boxes fitted to the ice cream van fleet.

Each van carries a small telematics unit that exposes a JSON status endpoint
over the depot's private APN.  We pull GPS position, freezer temperature and
engine hours every few minutes and append them to a daily JSONL file that the
round planner reads in the morning.
"""
import argparse
import configparser
import json
import logging
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("telematics")

DEFAULTS = {
    "fleet": {
        "units": "van01=10.44.0.11,van02=10.44.0.12,van03=10.44.0.13,van04=10.44.0.14",
        "port": "8080",
        "interval": "300",
        "output_dir": "telemetry",
    },
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path and Path(path).exists():
        cfg.read(path)
        LOG.info("loaded config from %s", path)
    return cfg


def parse_units(raw):
    units = {}
    for item in raw.split(","):
        item = item.strip()
        if not item:
            continue
        name, _, addr = item.partition("=")
        units[name.strip()] = addr.strip()
    return units


def poll_unit(session, name, addr, port):
    url = "http://{}:{}/api/v1/status".format(addr, port)
    try:
        resp = session.get(url, timeout=8)
        resp.raise_for_status()
        data = resp.json()
    except (requests.RequestException, ValueError) as exc:
        LOG.warning("%s: poll failed: %s", name, exc)
        return None
    return {
        "van": name,
        "ts": datetime.now(timezone.utc).isoformat(),
        "lat": data.get("gps", {}).get("lat"),
        "lon": data.get("gps", {}).get("lon"),
        "freezer_c": data.get("sensors", {}).get("freezer_temp"),
        "engine_hours": data.get("engine", {}).get("hours"),
        "ignition": data.get("engine", {}).get("ignition", False),
    }


def append_records(out_dir, records):
    out_dir.mkdir(parents=True, exist_ok=True)
    day_file = out_dir / "telemetry-{}.jsonl".format(datetime.now().strftime("%Y%m%d"))
    with day_file.open("a", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec) + "\n")
    return day_file


def check_freezers(records, threshold):
    for rec in records:
        temp = rec.get("freezer_c")
        if temp is not None and temp > threshold:
            LOG.warning("%s freezer at %.1fC (limit %.1fC)", rec["van"], temp, threshold)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-c", "--config", default="telematics.ini")
    parser.add_argument("--once", action="store_true", help="poll once and exit")
    parser.add_argument("--freezer-limit", type=float, default=-15.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)
    units = parse_units(cfg["fleet"]["units"])
    port = cfg.getint("fleet", "port")
    interval = cfg.getint("fleet", "interval")
    out_dir = Path(cfg["fleet"]["output_dir"])

    session = requests.Session()
    session.headers["User-Agent"] = "van-telematics-poller/2.3"
    while True:
        records = [r for r in (poll_unit(session, n, a, port) for n, a in units.items()) if r]
        if records:
            path = append_records(out_dir, records)
            check_freezers(records, args.freezer_limit)
            LOG.info("wrote %d records to %s", len(records), path)
        if args.once:
            break
        time.sleep(interval)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        LOG.info("stopped")
