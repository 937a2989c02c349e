#!/usr/bin/env python3
"""Upload completed trip summaries from the local telematics spool.

The in-vehicle logger writes one JSON-lines file per trip into ./spool/.
This tool batches the records, posts them to the FleetPulse ingest API and
moves each file to ./spool/sent/ once the API has acknowledged it.

Environment:
    FLEETPULSE_API_KEY   API key issued for this vehicle group (required)
    FLEETPULSE_API_URL   override for the ingest endpoint
"""
import argparse
import json
import logging
import os
import shutil
import socket
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("trip_uploader")
DEFAULT_API = "https://ingest.fleetpulse.example.com/v2/trips"
MAX_BATCH = 500


class TripFile:
    """One spooled trip, parsed lazily."""

    def __init__(self, path: Path):
        self.path = path
        self._records = None

    @property
    def records(self):
        if self._records is None:
            self._records = []
            with self.path.open("r", encoding="utf-8") as fh:
                for lineno, line in enumerate(fh, 1):
                    line = line.strip()
                    if not line:
                        continue
                    try:
                        self._records.append(json.loads(line))
                    except json.JSONDecodeError:
                        LOG.warning("%s:%d: skipping unparsable record", self.path.name, lineno)
        return self._records

    def summary(self):
        recs = self.records
        if not recs:
            return None
        speeds = [r.get("speed_kph", 0) for r in recs]
        return {
            "trip_id": self.path.stem,
            "vin": recs[0].get("vin"),
            "started": recs[0].get("ts"),
            "ended": recs[-1].get("ts"),
            "samples": len(recs),
            "max_speed_kph": max(speeds),
            "avg_speed_kph": round(sum(speeds) / len(speeds), 1),
            "odometer_km": recs[-1].get("odometer_km"),
            "dtc_codes": sorted({c for r in recs for c in r.get("dtc", [])}),
        }


def build_envelope(trips):
    return {
        "source": "trip-uploader/1.4",
        "gateway": socket.gethostname(),
        "sent_at": int(time.time()),
        "trips": trips,
    }


def post_batch(session, url, envelope, retries=3):
    for attempt in range(1, retries + 1):
        try:
            resp = session.post(url, json=envelope, timeout=20)
            if resp.status_code == 429:
                wait = int(resp.headers.get("Retry-After", "5"))
                LOG.info("rate limited, sleeping %ss", wait)
                time.sleep(wait)
                continue
            resp.raise_for_status()
            return resp.json()
        except requests.RequestException as exc:
            LOG.warning("upload attempt %d/%d failed: %s", attempt, retries, exc)
            time.sleep(2 ** attempt)
    return None


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--spool", default="spool", help="spool directory (default: ./spool)")
    p.add_argument("--dry-run", action="store_true", help="summarise only, do not upload")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    spool = Path(args.spool)
    sent_dir = spool / "sent"
    sent_dir.mkdir(parents=True, exist_ok=True)

    files = sorted(spool.glob("*.jsonl"))[:MAX_BATCH]
    if not files:
        LOG.info("nothing to upload")
        return 0

    trips, used = [], []
    for path in files:
        summary = TripFile(path).summary()
        if summary:
            trips.append(summary)
            used.append(path)

    if args.dry_run:
        print(json.dumps(build_envelope(trips), indent=2))
        return 0

    api_key = os.environ.get("FLEETPULSE_API_KEY")
    if not api_key:
        LOG.error("FLEETPULSE_API_KEY is not set")
        return 2
    url = os.environ.get("FLEETPULSE_API_URL", DEFAULT_API)

    with requests.Session() as session:
        session.headers.update({"Authorization": f"Bearer {api_key}",
                                "User-Agent": "trip-uploader/1.4"})
        result = post_batch(session, url, build_envelope(trips))

    if result is None:
        LOG.error("giving up; %d trips stay in spool", len(trips))
        return 1

    for path in used:
        shutil.move(str(path), sent_dir / path.name)
    LOG.info("uploaded %d trips (ingest id %s)", len(trips), result.get("ingest_id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
