#!/usr/bin/env python3
"""Resolve dev-container feature references to pinned versions.

Reads .devcontainer/devcontainer.json from the current project, asks the
feature index for the newest published version of every referenced feature
and writes .devcontainer/devcontainer-lock.json next to it.  Responses are
cached under .devcontainer/.feature-cache so repeated runs stay offline.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from pathlib import Path
from urllib.error import URLError
from urllib.request import Request, urlopen

LOG = logging.getLogger("feature-lock")
DEFAULT_INDEX = "https://containers.dev/static/devcontainer-index.json"
CACHE_DIR = Path(".devcontainer") / ".feature-cache"


def strip_jsonc(text):
    """devcontainer.json allows // comments; drop whole-line ones."""
    kept = [ln for ln in text.splitlines() if not ln.lstrip().startswith("//")]
    return "\n".join(kept)


def cache_key(url):
    return hashlib.md5(url.encode("utf-8")).hexdigest() + ".json"


def fetch_index(url, timeout, refresh):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached = CACHE_DIR / cache_key(url)
    if cached.exists() and not refresh:
        LOG.debug("using cached index %s", cached)
        return json.loads(cached.read_text())
    req = Request(url, headers={"Accept": "application/json",
                                "User-Agent": "feature-lock/0.3"})
    with urlopen(req, timeout=timeout) as resp:
        body = resp.read().decode("utf-8")
    cached.write_text(body)
    return json.loads(body)


def latest_versions(index):
    table = {}
    for collection in index.get("collections", []):
        for feature in collection.get("features", []):
            ref = feature.get("id")
            if ref:
                table[ref.split(":")[0]] = feature.get("version", "latest")
    return table


def build_lock(features, table):
    lock = {}
    for ref in sorted(features):
        base = ref.split(":")[0]
        version = table.get(base)
        if version is None:
            LOG.warning("feature %s not found in index", base)
            continue
        lock[ref] = {"version": version, "resolved": f"{base}:{version}"}
    return lock


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default=".devcontainer/devcontainer.json")
    ap.add_argument("--index", default=os.environ.get("FEATURE_INDEX", DEFAULT_INDEX))
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg_path = Path(args.config)
    try:
        config = json.loads(strip_jsonc(cfg_path.read_text()))
    except (OSError, ValueError) as exc:
        LOG.error("cannot read %s: %s", cfg_path, exc)
        return 2

    features = config.get("features", {})
    if not features:
        LOG.info("no features referenced, nothing to lock")
        return 0
    try:
        index = fetch_index(args.index, args.timeout, args.refresh)
    except (URLError, TimeoutError, ValueError) as exc:
        LOG.error("index unavailable: %s", exc)
        return 1

    lock = build_lock(features, latest_versions(index))
    out = cfg_path.with_name("devcontainer-lock.json")
    out.write_text(json.dumps({"features": lock}, indent=2) + "\n")
    LOG.info("wrote %d pinned features to %s", len(lock), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
