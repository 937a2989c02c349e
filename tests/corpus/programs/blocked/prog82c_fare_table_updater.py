#!/usr/bin/env python3
"""Keep the offline fare tables of a ticket vending machine in step with the
fare authority's publication feed.

The feed publishes a manifest.json listing each table with its sha256, plus
the zone-rule module that goes with that table generation. Everything is
fetched into ./fares/staging, verified, swapped into ./fares/current, and
the rule module is warmed up so the first sale after an update is fast.
"""
import argparse
import hashlib
import importlib.util
import json
import logging
import os
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import requests

log = logging.getLogger("fare-update")

FEED = os.environ.get("FARE_FEED_URL", "https://fares.regiotransit.example.org/feed/v3")
ROOT = Path("fares")


@dataclass
class TableEntry:
    name: str
    path: str
    sha256: str
    version: int
    kind: str = "table"


class FeedClient:
    def __init__(self, base, timeout=15, retries=3):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.retries = retries
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "tvm-fare-sync/2.5"

    def get(self, rel):
        url = f"{self.base}/{rel.lstrip('/')}"
        last = None
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.get(url, timeout=self.timeout)
                resp.raise_for_status()
                return resp.content
            except requests.RequestException as exc:
                last = exc
                log.warning("GET %s failed (%d/%d): %s", url, attempt, self.retries, exc)
                time.sleep(2 * attempt)
        raise RuntimeError(f"could not fetch {url}: {last}")

    def manifest(self):
        doc = json.loads(self.get("manifest.json"))
        for item in doc.get("tables", []):
            yield TableEntry(item["name"], item["path"], item["sha256"], int(item["version"]))
        rules = doc.get("rules")
        if rules:
            yield TableEntry("zone_rules", rules["path"], rules["sha256"],
                             int(rules["version"]), kind="rules")


def local_versions():
    try:
        return json.loads((ROOT / "current" / "versions.json").read_text())
    except (OSError, ValueError):
        return {}


def stage(client, entries, staging):
    staging.mkdir(parents=True, exist_ok=True)
    versions = {}
    for e in entries:
        data = client.get(e.path)
        digest = hashlib.sha256(data).hexdigest()
        if digest != e.sha256:
            raise ValueError(f"{e.name}: checksum mismatch {digest} != {e.sha256}")
        suffix = ".py" if e.kind == "rules" else ".json"
        (staging / f"{e.name}{suffix}").write_bytes(data)
        versions[e.name] = e.version
        log.info("staged %s v%d (%d bytes)", e.name, e.version, len(data))
    (staging / "versions.json").write_text(json.dumps(versions, indent=2))


def promote(staging):
    current = ROOT / "current"
    previous = ROOT / "previous"
    if previous.exists():
        shutil.rmtree(previous)
    if current.exists():
        current.rename(previous)
    staging.rename(current)
    return current


def warm_rules(current):
    """Load the zone rule module shipped with the tables and let it prime its cache."""
    module_path = current / "zone_rules.py"
    if not module_path.exists():
        return
    spec = importlib.util.spec_from_file_location("zone_rules", module_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if hasattr(module, "prime"):
        module.prime(str(current))
    log.info("zone rules %s ready", getattr(module, "VERSION", "?"))


def main():
    ap = argparse.ArgumentParser(description="update offline fare tables")
    ap.add_argument("--feed", default=FEED)
    ap.add_argument("--force", action="store_true", help="refetch even if up to date")
    ap.add_argument("--timeout", type=float, default=15)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    client = FeedClient(args.feed, timeout=args.timeout)
    try:
        entries = list(client.manifest())
    except (RuntimeError, ValueError, KeyError) as exc:
        log.error("manifest unusable: %s", exc)
        return 1

    have = local_versions()
    if not args.force and all(have.get(e.name) == e.version for e in entries):
        log.info("fare tables up to date (%d entries)", len(entries))
        return 0

    staging = ROOT / "staging"
    if staging.exists():
        shutil.rmtree(staging)
    try:
        stage(client, entries, staging)
    except (RuntimeError, ValueError) as exc:
        log.error("staging failed: %s", exc)
        shutil.rmtree(staging, ignore_errors=True)
        return 1
    current = promote(staging)
    log.info("fare tables promoted")
    try:
        warm_rules(current)
    except Exception as exc:  # keep selling on the old cache if the rules fail
        log.error("zone rule warm-up failed: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
