#!/usr/bin/env python3
"""Service health check.

Polls the health endpoints listed in a JSON file with HTTP GET and prints a
status table. Exits non-zero when any service is down, so it can be used
from a CI job or a monitoring wrapper.
"""
import argparse
import concurrent.futures
import json
import logging
import sys
import time

import requests

log = logging.getLogger("healthcheck")

DEFAULT_SERVICES = [
    {"name": "website", "url": "https://www.example.com/"},
    {"name": "api", "url": "https://api.example.com/healthz", "expect": 200},
]


def load_services(path):
    if not path:
        return DEFAULT_SERVICES
    with open(path, encoding="utf-8") as fh:
        services = json.load(fh)
    if not isinstance(services, list):
        raise ValueError("service file must contain a JSON list")
    return services


def check(service, timeout):
    """GET the service URL and return (name, ok, detail, millis)."""
    expect = service.get("expect", 200)
    started = time.monotonic()
    try:
        resp = requests.get(service["url"], timeout=timeout,
                            headers={"User-Agent": "healthcheck/1.2"})
        elapsed = (time.monotonic() - started) * 1000
        ok = resp.status_code == expect
        return service["name"], ok, "HTTP {}".format(resp.status_code), elapsed
    except requests.RequestException as exc:
        elapsed = (time.monotonic() - started) * 1000
        return service["name"], False, type(exc).__name__, elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--services", help="JSON file with [{name, url, expect}]")
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--parallel", type=int, default=8)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        services = load_services(args.services)
    except (OSError, ValueError) as exc:
        log.error("cannot load services: %s", exc)
        return 2

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.parallel) as pool:
        results = list(pool.map(lambda s: check(s, args.timeout), services))

    failures = 0
    for name, ok, detail, millis in sorted(results):
        mark = "UP  " if ok else "DOWN"
        log.info("%s %-20s %-22s %7.1f ms", mark, name, detail, millis)
        failures += not ok
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
