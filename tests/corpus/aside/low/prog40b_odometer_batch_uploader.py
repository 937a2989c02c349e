#!/usr/bin/env python3
"""Upload buffered odometer and fuel readings from the depot gateway.

Readings are appended by the CAN collector to ./spool/*.jsonl.  This tool
batches them and posts them to the fleet telemetry API.  The API key comes
from FLEET_API_KEY and is only ever sent to that API.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("odo_upload")
DEFAULT_API = "https://telemetry.fleetcloud.example.com/v1/readings"


def read_spool(spool_dir: Path):
    for part in sorted(spool_dir.glob("*.jsonl")):
        with part.open(encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    yield part, json.loads(line)
                except json.JSONDecodeError:
                    log.warning("%s:%d: skipping malformed line", part.name, lineno)


def chunks(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


class TelemetryClient:
    def __init__(self, endpoint: str, api_key: str, timeout: float = 10.0):
        self.endpoint = endpoint
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
            "User-Agent": "depot-gw-uploader/2.3",
        })
        self.timeout = timeout

    def post_batch(self, vehicle_readings: list, retries: int = 3) -> bool:
        body = {"sent_at": int(time.time()), "readings": vehicle_readings}
        for attempt in range(1, retries + 1):
            try:
                r = self.session.post(self.endpoint, json=body, timeout=self.timeout)
                if r.status_code < 300:
                    return True
                log.warning("API answered %s (attempt %d)", r.status_code, attempt)
            except requests.RequestException as exc:
                log.warning("post failed: %s (attempt %d)", exc, attempt)
            time.sleep(2 ** attempt)
        return False


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--endpoint", default=os.environ.get("FLEET_API_URL", DEFAULT_API))
    ap.add_argument("--batch-size", type=int, default=200)
    ap.add_argument("--keep", action="store_true", help="do not delete uploaded spool files")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("FLEET_API_KEY")
    if not api_key:
        log.error("FLEET_API_KEY is not set")
        return 1

    client = TelemetryClient(args.endpoint, api_key)
    done_files, failed = set(), 0
    entries = list(read_spool(args.spool))
    for batch in chunks(entries, args.batch_size):
        readings = [{"vin": rec.get("vin"), "odo_km": rec.get("odo_km"),
                     "fuel_pct": rec.get("fuel_pct"), "ts": rec.get("ts")}
                    for _, rec in batch]
        if client.post_batch(readings):
            done_files.update(part for part, _ in batch)
        else:
            failed += len(batch)

    if not args.keep:
        for part in done_files:
            part.unlink(missing_ok=True)
    log.info("uploaded %d readings, %d failed", len(entries) - failed, failed)
    return 0 if failed == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
