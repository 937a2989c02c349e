#!/usr/bin/env python3
"""Check which pinned toolchain releases are out of date.

Reads ``toolchains.json`` from the repository root, asks each upstream
release feed for its latest version and prints a table of what could be
bumped.  Responses are cached in ``.toolchain-cache/`` so repeated runs from
``make check-toolchains`` do not hammer the release servers.

Nothing is downloaded besides the small JSON release manifests and nothing is
installed; this is purely a report.
"""

import argparse
import hashlib
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("toolchain-check")

CACHE_DIR = Path(".toolchain-cache")
DEFAULT_PINS = Path("toolchains.json")
CACHE_TTL_SECONDS = 6 * 3600

FEEDS = {
    "go": "https://go.dev/dl/?mode=json",
    "node": "https://nodejs.org/dist/index.json",
    "zig": "https://ziglang.org/download/index.json",
}


def read_os_release(path="/etc/os-release"):
    """Return the os-release key/value pairs, or an empty dict."""
    info = {}
    try:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                line = line.strip()
                if not line or line.startswith("#") or "=" not in line:
                    continue
                key, _, value = line.partition("=")
                info[key] = value.strip('"')
    except OSError as exc:
        LOG.debug("no os-release: %s", exc)
    return info


def cache_key(url):
    # MD5 is only used to derive a short, stable file name for the cache.
    return hashlib.md5(url.encode("utf-8")).hexdigest()


def fetch_json(url, session, refresh=False):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / (cache_key(url) + ".json")
    if cached.exists() and not refresh:
        age = time.time() - cached.stat().st_mtime
        if age < CACHE_TTL_SECONDS:
            LOG.debug("cache hit for %s (%.0fs old)", url, age)
            return json.loads(cached.read_text(encoding="utf-8"))
    LOG.info("fetching %s", url)
    resp = session.get(url, timeout=20)
    resp.raise_for_status()
    cached.write_text(resp.text, encoding="utf-8")
    return resp.json()


def latest_version(tool, payload):
    if tool == "go":
        stable = [r["version"] for r in payload if r.get("stable")]
        return stable[0].lstrip("go") if stable else None
    if tool == "node":
        lts = [r["version"] for r in payload if r.get("lts")]
        return lts[0].lstrip("v") if lts else None
    if tool == "zig":
        versions = [k for k in payload if k != "master"]
        versions.sort(key=lambda v: [int(p) for p in v.split(".") if p.isdigit()])
        return versions[-1] if versions else None
    raise ValueError("unknown tool %r" % tool)


def load_pins(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        LOG.error("%s not found; run from the repository root", path)
        sys.exit(2)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pins", type=Path, default=DEFAULT_PINS)
    parser.add_argument("--refresh", action="store_true", help="ignore the cache")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(message)s",
    )

    osr = read_os_release()
    LOG.info("host: %s %s (%s)", osr.get("ID", "unknown"),
             osr.get("VERSION_ID", "?"), platform.machine())

    pins = load_pins(args.pins)
    report = []
    with requests.Session() as session:
        session.headers["User-Agent"] = "toolchain-check/1.3"
        for tool, pinned in sorted(pins.items()):
            url = FEEDS.get(tool)
            if url is None:
                LOG.warning("no feed configured for %s, skipping", tool)
                continue
            try:
                newest = latest_version(tool, fetch_json(url, session, args.refresh))
            except (requests.RequestException, ValueError, KeyError) as exc:
                LOG.error("%s: %s", tool, exc)
                newest = None
            report.append({"tool": tool, "pinned": pinned, "latest": newest,
                           "outdated": bool(newest and newest != pinned)})

    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        for row in report:
            marker = "*" if row["outdated"] else " "
            print("%s %-6s pinned=%-10s latest=%s" % (
                marker, row["tool"], row["pinned"], row["latest"] or "?"))
    return 1 if any(r["outdated"] for r in report) and os.environ.get("CI") else 0


if __name__ == "__main__":
    sys.exit(main())
