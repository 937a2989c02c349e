#!/usr/bin/env python3
"""Pull e-bike battery telemetry from the vendor API.

The battery vendor's staging API uses a self-signed certificate, so
certificate checks are switched off for it.  Readings are written as a
daily CSV under ./data and compressed through a small bash step.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
from datetime import date, datetime, timezone

import requests
import urllib3

LOG = logging.getLogger("battery_pull")
API_BASE = os.environ.get("BATTERY_API", "https://telemetry.example.net/api/v2")
LOW_SOC = 20


class BatteryClient:
    def __init__(self, base: str, token: str):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def readings(self, fleet: str, page_size: int = 500):
        page = 1
        while True:
            resp = self.session.get(
                f"{self.base}/fleets/{fleet}/batteries",
                params={"page": page, "per_page": page_size},
                timeout=30,
            )
            resp.raise_for_status()
            body = resp.json()
            yield from body.get("items", [])
            if not body.get("next_page"):
                break
            page += 1


def write_csv(rows: list, out_dir: str, fleet: str) -> str:
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"battery-{fleet}-{date.today():%Y%m%d}.csv")
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["bike_id", "soc", "voltage", "temp_c", "cycles", "reported_at"])
        for r in rows:
            writer.writerow([r.get("bike_id"), r.get("soc"), r.get("voltage"),
                             r.get("temperature"), r.get("cycles"), r.get("reported_at")])
    return path


def compress(path: str, keep_days: int) -> None:
    script = (
        'gzip -9f "$CSV_PATH" && '
        'find "$(dirname "$CSV_PATH")" -name "battery-*.csv.gz" -mtime +"$KEEP_DAYS" -delete'
    )
    env = dict(os.environ, CSV_PATH=path, KEEP_DAYS=str(keep_days))
    subprocess.run(["bash", "-c", script], env=env, check=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fleet", default="city-ebikes")
    parser.add_argument("--out", default="./data")
    parser.add_argument("--keep-days", type=int, default=30)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("BATTERY_API_TOKEN")
    if not token:
        LOG.error("BATTERY_API_TOKEN is not set")
        return 2

    client = BatteryClient(API_BASE, token)
    try:
        rows = list(client.readings(args.fleet))
    except requests.RequestException as exc:
        LOG.error("vendor API error: %s", exc)
        return 1

    low = [r for r in rows if (r.get("soc") or 100) < LOW_SOC]
    LOG.info("%d readings, %d bikes below %d%% at %s", len(rows), len(low), LOW_SOC,
             datetime.now(timezone.utc).isoformat(timespec="seconds"))
    path = write_csv(rows, args.out, args.fleet)
    try:
        compress(path, args.keep_days)
    except subprocess.CalledProcessError as exc:
        LOG.warning("compression step failed: %s", exc)
    for r in sorted(low, key=lambda r: r.get("soc") or 0)[:20]:
        print(f"{r.get('bike_id')}\t{r.get('soc')}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
