#!/usr/bin/env python3
"""Collect readings from automatic weather stations into daily CSV files.

Each station exposes a small JSON endpoint (``/api/v1/current``) on the field
modem. The collector reads ``stations.json`` for the list of endpoints, writes
one CSV per station per day under ``--out-dir`` and records a short status
file so the dashboard can show which stations went quiet.
"""

import argparse
import csv
import datetime as dt
import json
import logging
import os
import socket
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("telemetry")

FIELDS = ["timestamp", "station", "air_temp_c", "rh_pct", "pressure_hpa",
          "wind_ms", "wind_dir_deg", "rain_mm", "battery_v"]


class StatusBook:
    """Remembers the last good reading time for each station."""

    def __init__(self, path):
        self.path = path
        self.state = {}
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                self.state = json.load(fh)

    def mark(self, station_id, ok):
        entry = self.state.setdefault(station_id, {"last_ok": None, "failures": 0})
        if ok:
            entry["last_ok"] = dt.datetime.utcnow().isoformat(timespec="seconds")
            entry["failures"] = 0
        else:
            entry["failures"] += 1

    def save(self):
        tmp = self.path + ".part"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(self.state, fh, indent=2, sort_keys=True)
        os.replace(tmp, self.path)


def load_stations(path):
    with open(path, encoding="utf-8") as fh:
        cfg = json.load(fh)
    stations = cfg.get("stations", [])
    if not stations:
        raise SystemExit(f"no stations defined in {path}")
    return stations


def fetch_reading(station, timeout):
    url = station["url"].rstrip("/") + "/api/v1/current"
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        payload = json.load(resp)
    row = {k: payload.get(k) for k in FIELDS}
    row["station"] = station["id"]
    row["timestamp"] = payload.get("timestamp") or dt.datetime.utcnow().isoformat()
    return row


def append_row(out_dir, row):
    day = row["timestamp"][:10]
    path = os.path.join(out_dir, row["station"], f"{day}.csv")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    new = not os.path.exists(path)
    with open(path, "a", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new:
            writer.writeheader()
        writer.writerow(row)


def poll_once(stations, out_dir, timeout, status):
    ok = 0
    for st in stations:
        try:
            append_row(out_dir, fetch_reading(st, timeout))
            status.mark(st["id"], True)
            ok += 1
        except (urllib.error.URLError, socket.timeout, ValueError) as exc:
            LOG.warning("station %s: %s", st.get("id"), exc)
            status.mark(st["id"], False)
    status.save()
    LOG.info("polled %d/%d stations", ok, len(stations))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="stations.json")
    ap.add_argument("--out-dir", default="telemetry")
    ap.add_argument("--status-file", default="station_status.json")
    ap.add_argument("--interval", type=int, default=600, help="seconds between polls")
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    stations = load_stations(args.config)
    status = StatusBook(args.status_file)

    while True:
        poll_once(stations, args.out_dir, args.timeout, status)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
