#!/usr/bin/env python3
"""Post the daily fridge status digest to the blood service operations API.

Reads the latest reading for each fridge from ./state/latest.json (written
by the monitor collector), builds a digest and POSTs it as JSON to the
operations API. The API key comes from OPS_API_KEY and is sent only to
that API in the Authorization header.
"""

import argparse
import json
import logging
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("daily_status")

DEFAULT_API = "https://ops-api.example.org/v1/fridge-digest"
ALARM_LOW_C = 2.0
ALARM_HIGH_C = 6.0


class DigestBuilder:
    """Turn raw latest-reading state into a compact daily digest."""

    def __init__(self, site: str, low: float, high: float):
        self.site = site
        self.low = low
        self.high = high

    def status_for(self, temp_c):
        if temp_c is None:
            return "no-data"
        if temp_c < self.low:
            return "too-cold"
        if temp_c > self.high:
            return "too-warm"
        return "ok"

    def build(self, state: dict) -> dict:
        fridges = []
        for fridge_id, entry in sorted(state.items()):
            temp = entry.get("temp_c")
            fridges.append({
                "fridge_id": fridge_id,
                "temp_c": temp,
                "last_seen": entry.get("ts"),
                "status": self.status_for(temp),
            })
        alarms = sum(1 for f in fridges if f["status"] != "ok")
        return {
            "site": self.site,
            "generated_at": datetime.now(timezone.utc).isoformat(),
            "fridge_count": len(fridges),
            "alarm_count": alarms,
            "fridges": fridges,
        }


def load_state(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        LOG.error("state file %s not found; is the collector running?", path)
        raise
    except json.JSONDecodeError as exc:
        LOG.error("state file %s is not valid JSON: %s", path, exc)
        raise


def post_digest(url: str, api_key: str, digest: dict, timeout: float) -> None:
    headers = {
        "Authorization": f"Bearer {api_key}",
        "Content-Type": "application/json",
    }
    resp = requests.post(url, json=digest, headers=headers, timeout=timeout)
    if resp.status_code >= 400:
        LOG.error("API rejected digest: %s %s", resp.status_code, resp.text[:200])
        resp.raise_for_status()
    LOG.info("digest accepted (%s alarms)", digest["alarm_count"])


def main() -> int:
    parser = argparse.ArgumentParser(description="Post daily fridge digest")
    parser.add_argument("--state", type=Path, default=Path("state/latest.json"))
    parser.add_argument("--site", default=os.environ.get("SITE_CODE", "main-donor-centre"))
    parser.add_argument("--url", default=DEFAULT_API)
    parser.add_argument("--timeout", type=float, default=15.0)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    api_key = os.environ.get("OPS_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("OPS_API_KEY is not set")
        return 2

    try:
        state = load_state(args.state)
    except (FileNotFoundError, json.JSONDecodeError):
        return 1

    digest = DigestBuilder(args.site, ALARM_LOW_C, ALARM_HIGH_C).build(state)
    Path("out").mkdir(exist_ok=True)
    Path("out/last_digest.json").write_text(json.dumps(digest, indent=2))

    if args.dry_run:
        json.dump(digest, sys.stdout, indent=2)
        print()
        return 0

    try:
        post_digest(args.url, api_key, digest, args.timeout)
    except requests.RequestException as exc:
        LOG.error("failed to post digest: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
