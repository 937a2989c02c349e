#!/usr/bin/env python3
"""Environment check for the tutoring-centre app servers.

Run on a scheduler/portal host before a deploy. It checks that every
variable the stack needs is present and well formed, that the hosts they
point at resolve, and that the portal answers its health endpoint. A masked
report is written to ./config_check.json for the deploy ticket.

    python3 centre_config_check.py            # check and write report
    python3 centre_config_check.py --json     # also print the report
"""

import argparse
import concurrent.futures
import json
import logging
import os
import pathlib
import socket
import sys
import urllib.error
import urllib.request
from urllib.parse import urlsplit

log = logging.getLogger("config-check")

REQUIRED = {
    "DATABASE_URL": "url",
    "REDIS_URL": "url",
    "PORTAL_BASE_URL": "url",
    "SMTP_HOST": "host",
    "SMTP_USER": "text",
    "SMTP_PASSWORD": "secret",
    "STRIPE_SECRET_KEY": "secret",
    "AWS_ACCESS_KEY_ID": "secret",
    "AWS_SECRET_ACCESS_KEY": "secret",
    "TEXTLINE_API_KEY": "secret",
}
REPORT_PATH = pathlib.Path("config_check.json")


def mask(value):
    if len(value) <= 6:
        return "*" * len(value)
    return f"{value[:3]}...{value[-2:]}"


def check_vars(env):
    problems, hosts = [], set()
    for name, kind in REQUIRED.items():
        value = env.get(name, "")
        if not value:
            problems.append(f"{name} is missing")
            continue
        if kind == "url":
            parts = urlsplit(value)
            if not parts.scheme or not parts.hostname:
                problems.append(f"{name} is not a URL")
            else:
                hosts.add(parts.hostname)
        elif kind == "host":
            hosts.add(value)
        elif kind == "secret" and len(value) < 12:
            problems.append(f"{name} looks too short ({mask(value)})")
    return problems, sorted(hosts)


def resolve(host):
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
        return host, sorted({i[4][0] for i in infos})
    except socket.gaierror as exc:
        return host, f"unresolved ({exc.strerror})"


def portal_health(base_url, timeout=10):
    url = base_url.rstrip("/") + "/health"
    req = urllib.request.Request(url, method="HEAD", headers={"User-Agent": "config-check/1.4"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except (urllib.error.URLError, OSError) as exc:
        log.debug("health check failed: %s", exc)
        return None


def main(argv=None):
    ap = argparse.ArgumentParser(description="Check app server environment")
    ap.add_argument("--json", action="store_true", help="print the JSON report too")
    ap.add_argument("--skip-health", action="store_true", help="do not contact the portal")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    env = dict(os.environ)
    problems, hosts = check_vars(env)
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        resolved = dict(pool.map(resolve, hosts))
    for host, result in resolved.items():
        if isinstance(result, str):
            problems.append(f"{host}: {result}")

    health = None
    if not args.skip_health and env.get("PORTAL_BASE_URL"):
        health = portal_health(env["PORTAL_BASE_URL"])
        if health != 200:
            problems.append(f"portal health returned {health}")

    report = {
        "host": socket.gethostname(),
        "variables": {k: mask(env[k]) if env.get(k) else None for k in REQUIRED},
        "resolved": resolved,
        "portal_health": health,
        "problems": problems,
    }
    REPORT_PATH.write_text(json.dumps(report, indent=2))
    log.info("report written to %s", REPORT_PATH)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for name, shown in report["variables"].items():
            print(f"{name:24} {shown or '-- missing --'}")
        for host, result in resolved.items():
            print(f"{host:40} {result}")
        for p in problems:
            print(f"PROBLEM: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
