#!/usr/bin/env python3
"""Snow gun profile fetcher.

Pulls the current profile manifest for the fan-gun fleet from the vendor
portal and refreshes any nozzle-curve / wet-bulb profile whose checksum
changed. Profiles are plain JSON tables; the controller reads them from the
cache directory at the start of the nightly snowmaking run.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("snowgun.profiles")

DEFAULT_CONFIG = {
    "portal": "https://updates.technoalpin-partner.example/fleet/v2",
    "site_id": "north-ridge",
    "cache_dir": "profile_cache",
    "timeout": 20,
    "retries": 3,
}

REQUIRED_KEYS = ("name", "points", "units")


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    cfg["portal"] = os.environ.get("SNOWGUN_PORTAL", cfg["portal"])
    return cfg


def fetch(url, timeout, retries):
    last = None
    for attempt in range(1, retries + 1):
        try:
            req = urllib.request.Request(url, headers={"User-Agent": "snowgun-profiles/1.4"})
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return resp.read()
        except (urllib.error.URLError, TimeoutError) as exc:
            last = exc
            LOG.warning("fetch %s failed (attempt %d/%d): %s", url, attempt, retries, exc)
    raise RuntimeError(f"giving up on {url}: {last}")


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def validate(body):
    doc = json.loads(body)
    missing = [k for k in REQUIRED_KEYS if k not in doc]
    if missing:
        raise ValueError(f"profile missing keys: {', '.join(missing)}")
    if not all(len(p) == 2 for p in doc["points"]):
        raise ValueError("profile points must be [wet_bulb_c, flow_lpm] pairs")
    return doc


def refresh_profiles(cfg):
    cache = Path(cfg["cache_dir"])
    cache.mkdir(exist_ok=True)
    manifest_url = f"{cfg['portal']}/{cfg['site_id']}/profiles.json"
    manifest = json.loads(fetch(manifest_url, cfg["timeout"], cfg["retries"]))
    updated = []
    for entry in manifest.get("profiles", []):
        target = cache / f"{entry['name']}.json"
        if target.exists() and sha256(target.read_bytes()) == entry["sha256"]:
            LOG.info("%s is current", entry["name"])
            continue
        body = fetch(entry["url"], cfg["timeout"], cfg["retries"])
        if sha256(body) != entry["sha256"]:
            LOG.error("checksum mismatch for %s, skipping", entry["name"])
            continue
        try:
            doc = validate(body)
        except ValueError as exc:
            LOG.error("%s rejected: %s", entry["name"], exc)
            continue
        target.write_bytes(body)
        updated.append((entry["name"], len(doc["points"])))
        LOG.info("updated %s", entry["name"])
    return cache, updated


def summarize(cache):
    total = 0
    for path in sorted(cache.glob("*.json")):
        with open(path, encoding="utf-8") as fh:
            doc = json.load(fh)
        total += 1
        LOG.debug("%s: %d points (%s)", path.stem, len(doc.get("points", [])), doc.get("units"))
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="snowgun.json")
    ap.add_argument("--summary", dest="summary", action="store_true", default=True)
    ap.add_argument("--no-summary", dest="summary", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)
    try:
        cache, updated = refresh_profiles(cfg)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 2
    LOG.info("%d profile(s) updated", len(updated))
    if args.summary:
        LOG.info("%d profile(s) in cache", summarize(cache))
    return 0


if __name__ == "__main__":
    sys.exit(main())
