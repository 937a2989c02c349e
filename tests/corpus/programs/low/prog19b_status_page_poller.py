#!/usr/bin/env python3
"""Poll service health URLs and publish a summary to our status-page API.

Responses are cached in ./.poll_cache keyed by the MD5 of the URL so that
repeated runs can report how long a service has been down. The status page
API key is read from STATUSPAGE_API_KEY and sent only to that API.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("poller")
CACHE_DIR = Path(".poll_cache")
STATUS_API = "https://api.statuspage.example.com/v1/components/bulk"


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode("utf-8")).hexdigest() + ".json")


def check(url, timeout):
    started = time.monotonic()
    try:
        resp = requests.get(url, timeout=timeout)
        ok = resp.status_code < 500
        detail = resp.status_code
    except requests.RequestException as exc:
        ok, detail = False, type(exc).__name__
    return {"url": url, "ok": ok, "detail": detail,
            "latency_ms": round((time.monotonic() - started) * 1000)}


def update_cache(result):
    path = cache_path(result["url"])
    previous = json.loads(path.read_text()) if path.exists() else {}
    if result["ok"]:
        result["down_since"] = None
    else:
        result["down_since"] = previous.get("down_since") or int(time.time())
    path.write_text(json.dumps(result))
    return result


def publish(results, api_key):
    payload = {"components": [
        {"url": r["url"], "status": "operational" if r["ok"] else "major_outage"}
        for r in results]}
    resp = requests.post(STATUS_API, json=payload, timeout=15,
                         headers={"Authorization": f"Bearer {api_key}"})
    resp.raise_for_status()
    log.info("published %d components", len(results))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("urls_file", help="text file, one URL per line")
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--publish", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    CACHE_DIR.mkdir(exist_ok=True)
    urls = [u.strip() for u in Path(args.urls_file).read_text().splitlines()
            if u.strip() and not u.startswith("#")]
    results = [update_cache(check(url, args.timeout)) for url in urls]
    for r in results:
        state = "UP  " if r["ok"] else "DOWN"
        log.info("%s %-50s %s %dms", state, r["url"], r["detail"], r["latency_ms"])

    if args.publish:
        api_key = os.environ.get("STATUSPAGE_API_KEY")
        if not api_key:
            log.error("STATUSPAGE_API_KEY is not set")
            return 2
        try:
            publish(results, api_key)
        except requests.RequestException as exc:
            log.error("publish failed: %s", exc)
            return 1
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
