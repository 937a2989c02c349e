#!/usr/bin/env python3
"""Poll turbine controller status pages and append readings to a daily CSV.

Every turbine controller on the farm LAN exposes a small JSON status page at
/api/v1/status.  This poller walks the turbines listed in poller.ini, reads
the live values and appends one row per turbine per cycle to
./readings/<site>-<YYYY-MM-DD>.csv so the ops team can chart availability
without logging into the SCADA HMI.

Example poller.ini:

    [site]
    name = brockhill
    interval = 60
    timeout = 5

    [turbine:WTG01]
    host = 10.20.1.11

    [turbine:WTG02]
    host = 10.20.1.12
    port = 8080
"""

import argparse
import configparser
import csv
import datetime as dt
import logging
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("turbine_poller")

FIELDS = [
    "timestamp", "turbine", "state", "wind_ms", "rotor_rpm",
    "power_kw", "nacelle_temp_c", "pitch_deg", "alarm_code",
]


class TurbineEndpoint:
    def __init__(self, name, host, port=80):
        self.name = name
        self.host = host
        self.port = int(port)

    @property
    def url(self):
        return f"http://{self.host}:{self.port}/api/v1/status"

    def __repr__(self):
        return f"<Turbine {self.name} {self.host}:{self.port}>"


def load_config(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(f"config not found: {path}")
    turbines = []
    for section in cfg.sections():
        if section.startswith("turbine:"):
            name = section.split(":", 1)[1]
            turbines.append(TurbineEndpoint(name, cfg[section]["host"],
                                            cfg[section].get("port", "80")))
    if not turbines:
        raise ValueError("no [turbine:*] sections in config")
    return cfg, turbines


def poll_one(session, ep, timeout):
    resp = session.get(ep.url, timeout=timeout)
    resp.raise_for_status()
    data = resp.json()
    return {
        "timestamp": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "turbine": ep.name,
        "state": data.get("state", "UNKNOWN"),
        "wind_ms": data.get("wind", {}).get("speed"),
        "rotor_rpm": data.get("rotor", {}).get("rpm"),
        "power_kw": data.get("grid", {}).get("active_power_kw"),
        "nacelle_temp_c": data.get("nacelle", {}).get("temp_c"),
        "pitch_deg": data.get("pitch", {}).get("avg_deg"),
        "alarm_code": data.get("alarm", {}).get("code", ""),
    }


def append_rows(out_dir, site, rows):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{site}-{dt.date.today().isoformat()}.csv"
    new_file = not path.exists()
    with path.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new_file:
            writer.writeheader()
        writer.writerows(rows)
    return path


def poll_cycle(session, turbines, timeout):
    rows = []
    for ep in turbines:
        try:
            rows.append(poll_one(session, ep, timeout))
        except (requests.RequestException, ValueError) as exc:
            log.warning("%s: poll failed: %s", ep.name, exc)
            rows.append({"timestamp": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                         "turbine": ep.name, "state": "COMMS_LOST"})
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="poller.ini")
    ap.add_argument("-o", "--out-dir", default="readings")
    ap.add_argument("--once", action="store_true", help="poll a single cycle and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        cfg, turbines = load_config(args.config)
    except (FileNotFoundError, ValueError, KeyError) as exc:
        log.error("%s", exc)
        return 2

    site = cfg.get("site", "name", fallback="site")
    interval = cfg.getint("site", "interval", fallback=60)
    timeout = cfg.getfloat("site", "timeout", fallback=5.0)
    out_dir = Path(args.out_dir)
    log.info("polling %d turbines at %s every %ss", len(turbines), site, interval)

    with requests.Session() as session:
        session.headers["User-Agent"] = "turbine-poller/1.4"
        while True:
            started = time.monotonic()
            rows = poll_cycle(session, turbines, timeout)
            path = append_rows(out_dir, site, rows)
            log.info("wrote %d rows to %s", len(rows), path)
            if args.once:
                return 0
            time.sleep(max(1.0, interval - (time.monotonic() - started)))


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
