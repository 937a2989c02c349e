#!/usr/bin/env python3
"""Upload tuning measurements to the tuning-records service.

After a tuning visit the technician exports the strobe tuner readings as
CSV; this posts them to the records API so the office can track how
each instrument drifts between seasons.
"""
import argparse
import asyncio
import csv
import logging
import os
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

import requests

log = logging.getLogger("tuning-upload")

API_BASE = os.environ.get("TUNING_API", "https://api.tuningrecords.example/v2")


@dataclass
class Reading:
    division: str
    stop: str
    note: str
    cents: float
    temperature_c: float


class RecordsClient:
    def __init__(self, base, token, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
        })

    def _send(self, verb, path, **kwargs):
        call = getattr(self.session, verb)
        resp = call(f"{self.base}/{path.lstrip('/')}", timeout=self.timeout, **kwargs)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    def instrument(self, instrument_id):
        return self._send("get", f"instruments/{instrument_id}")

    def upload(self, instrument_id, visit, readings):
        body = {"visit": visit, "readings": [asdict(r) for r in readings]}
        return self._send("post", f"instruments/{instrument_id}/tunings", json=body)


def read_csv(path):
    readings = []
    with Path(path).open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                readings.append(Reading(row["division"], row["stop"], row["note"],
                                        float(row["cents"]), float(row.get("temp", "nan"))))
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %r: %s", row, exc)
    return readings


def summary(readings):
    if not readings:
        return "no readings"
    worst = max(readings, key=lambda r: abs(r.cents))
    return f"{len(readings)} readings, worst {worst.stop} {worst.note} {worst.cents:+.1f} cents"


async def upload_all(client, jobs):
    loop = asyncio.get_running_loop()
    tasks = [loop.run_in_executor(None, client.upload, inst, visit, readings)
             for inst, visit, readings in jobs]
    return await asyncio.gather(*tasks, return_exceptions=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description="upload tuning readings")
    parser.add_argument("instrument", help="instrument id in the records service")
    parser.add_argument("files", nargs="+", help="CSV exports, one per visit day")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    token = os.environ.get("TUNING_API_TOKEN")
    if not token:
        log.error("TUNING_API_TOKEN is not set")
        return 2

    jobs = []
    for path in args.files:
        readings = read_csv(path)
        log.info("%s: %s", path, summary(readings))
        jobs.append((args.instrument, Path(path).stem, readings))
    if args.dry_run:
        return 0

    client = RecordsClient(API_BASE, token)
    info = client.instrument(args.instrument)
    log.info("uploading to %s", info.get("name", args.instrument))
    results = asyncio.run(upload_all(client, jobs))
    failures = [r for r in results if isinstance(r, Exception)]
    for failure in failures:
        log.error("upload failed: %s", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
