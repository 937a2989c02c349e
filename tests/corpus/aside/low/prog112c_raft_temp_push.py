#!/usr/bin/env python3
"""Push water-temperature readings from the raft loggers to the farm dashboard.

The HOBO-style loggers on the rafts are offloaded by the boat crew into
./spool as CSV files. This script batches those readings and posts them as
JSON to the dashboard ingest API. Files that went through are moved into
./spool/sent so a re-run never duplicates readings.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("raft_temp_push")

DEFAULT_ENDPOINT = "https://ingest.reefwatch.example.net/v2/readings"
BATCH_SIZE = 500
USER_AGENT = "raft-temp-push/1.4"


class IngestClient:
    """Very small wrapper around http.client so we do not need requests on the Pi."""

    def __init__(self, endpoint, api_key, timeout=15):
        parts = urlsplit(endpoint)
        if parts.scheme != "https":
            raise ValueError("ingest endpoint must be https")
        self.host = parts.hostname
        self.port = parts.port or 443
        self.path = parts.path or "/"
        self.api_key = api_key
        self.timeout = timeout

    def _connect(self):
        return http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)

    def post(self, body):
        payload = json.dumps(body, separators=(",", ":")).encode()
        headers = {
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.api_key}",
            "User-Agent": USER_AGENT,
        }
        conn = self._connect()
        try:
            conn.request("POST", self.path, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 300:
            raise RuntimeError(f"ingest returned {resp.status}: {data[:200]!r}")
        return json.loads(data or b"{}")


def read_spool(spool):
    """Yield (path, readings) for every logger CSV waiting in the spool."""
    for path in sorted(spool.glob("*.csv")):
        readings = []
        with path.open(newline="") as fh:
            for lineno, row in enumerate(csv.DictReader(fh), start=2):
                try:
                    readings.append({
                        "logger": row["logger_id"].strip(),
                        "site": (row.get("site") or "unknown").strip(),
                        "ts": row["timestamp"].strip(),
                        "temp_c": round(float(row["temp_c"]), 2),
                        "depth_m": float(row.get("depth_m") or 0.0),
                    })
                except (KeyError, ValueError) as exc:
                    log.warning("%s:%d skipped (%s)", path.name, lineno, exc)
        yield path, readings


def chunks(items, size):
    for start in range(0, len(items), size):
        yield items[start:start + size]


def build_batch(farm_id, readings):
    return {
        "farm": farm_id,
        "sent_at": int(time.time()),
        "count": len(readings),
        "readings": readings,
    }


def send_with_retry(client, body, label, retries=3):
    for attempt in range(1, retries + 1):
        try:
            client.post(body)
            return True
        except (OSError, RuntimeError) as exc:
            log.warning("attempt %d/%d for %s failed: %s", attempt, retries, label, exc)
            time.sleep(2 ** attempt)
    return False


def push_all(client, spool, farm_id, dry_run=False):
    sent_dir = spool / "sent"
    sent_dir.mkdir(exist_ok=True)
    total = 0
    for path, readings in read_spool(spool):
        if not readings:
            log.info("%s has no usable rows, leaving it in place", path.name)
            continue
        for part in chunks(readings, BATCH_SIZE):
            if dry_run:
                log.info("dry run: %d readings from %s", len(part), path.name)
                continue
            if not send_with_retry(client, build_batch(farm_id, part), path.name):
                log.error("giving up on %s, will retry next run", path.name)
                return total
            total += len(part)
        if not dry_run:
            shutil.move(str(path), str(sent_dir / path.name))
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description="Push raft logger temperatures to the dashboard")
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--endpoint", default=os.environ.get("REEFWATCH_ENDPOINT", DEFAULT_ENDPOINT))
    ap.add_argument("--farm", default=os.environ.get("FARM_ID", "unassigned"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    api_key = os.environ.get("REEFWATCH_API_KEY", "")
    if not api_key and not args.dry_run:
        log.error("REEFWATCH_API_KEY is not set")
        return 2
    if not args.spool.is_dir():
        log.error("spool directory %s does not exist", args.spool)
        return 2

    client = IngestClient(args.endpoint, api_key)
    total = push_all(client, args.spool, args.farm, dry_run=args.dry_run)
    log.info("pushed %d readings for farm %s", total, args.farm)
    return 0


if __name__ == "__main__":
    sys.exit(main())
