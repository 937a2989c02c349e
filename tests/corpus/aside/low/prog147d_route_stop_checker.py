#!/usr/bin/env python3
"""Check that each route stop's public info page is up before the week's
schedule is published, and cache the results so re-runs are quick.

Stop pages are hosted by the partner venues (village halls, schools), so
they go missing now and then.
"""
import argparse
import base64
import hashlib
import json
import logging
import platform
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("stop-check")

CACHE_DIR = Path(".stopcheck_cache")
CACHE_TTL = 6 * 3600


def os_label():
    """Short OS description for the User-Agent, from /etc/os-release when present."""
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.system()


USER_AGENT = f"van-stop-check/0.9 ({os_label()})"


def cache_path(url):
    # md5 is only used to turn the URL into a file name
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def cached(url):
    p = cache_path(url)
    if not p.exists():
        return None
    try:
        entry = json.loads(p.read_text())
    except ValueError:
        return None
    if time.time() - entry.get("checked", 0) > CACHE_TTL:
        return None
    return entry


def remember(url, entry):
    CACHE_DIR.mkdir(exist_ok=True)
    cache_path(url).write_text(json.dumps(entry))


def check(url, timeout):
    hit = cached(url)
    if hit:
        return hit
    entry = {"url": url, "checked": time.time()}
    try:
        r = requests.head(url, timeout=timeout, allow_redirects=True,
                          headers={"User-Agent": USER_AGENT})
        if r.status_code == 405:  # some venue sites refuse HEAD
            r = requests.get(url, timeout=timeout, headers={"User-Agent": USER_AGENT})
        entry.update(status=r.status_code, ok=r.ok)
    except requests.RequestException as exc:
        entry.update(status=None, ok=False, error=str(exc))
    remember(url, entry)
    return entry


def load_stops(path):
    data = json.loads(Path(path).read_text())
    return [(s["id"], s["name"], s["info_url"]) for s in data["stops"] if s.get("info_url")]


def encode_report(rows):
    """The schedule builder expects the report as a base64 field in its JSON."""
    text = "\n".join("\t".join(map(str, r)) for r in rows)
    return base64.b64encode(text.encode()).decode()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("stops", help="stops.json exported from the route planner")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--out", default="stop_check.json")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    try:
        stops = load_stops(args.stops)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read stops: %s", exc)
        return 1

    rows, broken = [], 0
    for stop_id, name, url in stops:
        res = check(url, args.timeout)
        rows.append((stop_id, name, res.get("status")))
        if not res.get("ok"):
            broken += 1
            log.warning("%-8s %-30s DOWN (%s)", stop_id, name, res.get("error") or res.get("status"))
    Path(args.out).write_text(json.dumps({"report_b64": encode_report(rows), "broken": broken}))
    log.info("%d stops checked, %d broken", len(rows), broken)
    return 0 if broken == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
