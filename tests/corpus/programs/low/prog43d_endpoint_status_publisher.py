#!/usr/bin/env python3
"""Poll service health endpoints and publish component status to the status page.

Endpoints are listed in ./healthchecks.json; the status page API token is
read from STATUSPAGE_TOKEN and is only ever sent to the status page API.
"""
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

STATUS_API = "https://api.statuspage.example.com/v1/pages/{page}/components/{component}"
DEFAULT_TIMEOUT = 4.0
logger = logging.getLogger("status-publisher")


class Check:
    def __init__(self, name, url, component, expect=200, method="GET"):
        self.name, self.url, self.component = name, url, component
        self.expect, self.method = expect, method.upper()

    def run(self):
        req = urllib.request.Request(self.url, method=self.method,
                                     headers={"User-Agent": "ops-health/1.4"})
        started = time.monotonic()
        try:
            with urllib.request.urlopen(req, timeout=DEFAULT_TIMEOUT) as resp:
                code = resp.status
        except urllib.error.HTTPError as exc:
            code = exc.code
        except (urllib.error.URLError, TimeoutError) as exc:
            logger.warning("%s unreachable: %s", self.name, exc)
            return self, None, None
        return self, code, round((time.monotonic() - started) * 1000)


def component_state(code, latency_ms):
    if code is None:
        return "major_outage"
    if code >= 500:
        return "partial_outage"
    if latency_ms and latency_ms > 1500:
        return "degraded_performance"
    return "operational"


def publish(page_id, component_id, state, token):
    body = json.dumps({"component": {"status": state}}).encode()
    req = urllib.request.Request(
        STATUS_API.format(page=page_id, component=component_id),
        data=body, method="PATCH",
        headers={"Authorization": f"OAuth {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


def load_checks(path="healthchecks.json"):
    with open(path, encoding="utf-8") as fh:
        cfg = json.load(fh)
    return cfg["page_id"], [Check(**c) for c in cfg["checks"]]


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("STATUSPAGE_TOKEN")
    dry_run = "--dry-run" in sys.argv or not token
    page_id, checks = load_checks()
    worst = {}
    with ThreadPoolExecutor(max_workers=8) as pool:
        for check, code, latency in pool.map(Check.run, checks):
            state = component_state(code, latency)
            logger.info("%-24s code=%s latency=%sms -> %s", check.name, code, latency, state)
            order = ["operational", "degraded_performance", "partial_outage", "major_outage"]
            prev = worst.get(check.component, "operational")
            worst[check.component] = max(prev, state, key=order.index)
    for component, state in worst.items():
        if dry_run:
            logger.info("[dry-run] would set %s to %s", component, state)
            continue
        try:
            publish(page_id, component, state, token)
        except urllib.error.URLError as exc:
            logger.error("failed to publish %s: %s", component, exc)
    return 0 if all(s == "operational" for s in worst.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
