#!/usr/bin/env python3
"""Marina office endpoint check.

The office broadband at most of our marinas goes through a cheap router
whose DNS forwarder falls over a few times a week. This check resolves the
services the booking desk depends on, times each lookup, then makes an HTTPS
request to each one (including the card terminal bridge on the office LAN)
and writes a small report that the area manager can look at.
"""
import argparse
import json
import logging
import socket
import statistics
import time
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("endpoint-check")

SERVICES = {
    "portal.lockkeeper-marinas.co.uk": "https://portal.lockkeeper-marinas.co.uk/health",
    "pay.lockkeeper-marinas.co.uk": "https://pay.lockkeeper-marinas.co.uk/status",
    "api.cutwater-fleet.net": "https://api.cutwater-fleet.net/v2/ping",
    "terminal-bridge.local": "https://terminal-bridge.local:8443/status",
}


def resolve(name, timeout=3.0):
    socket.setdefaulttimeout(timeout)
    t0 = time.perf_counter()
    try:
        infos = socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
        addrs = sorted({i[4][0] for i in infos})
        ok = True
    except (socket.gaierror, OSError):
        addrs, ok = [], False
    return ok, (time.perf_counter() - t0) * 1000.0, addrs


class HttpsChecker:
    """HTTPS reachability. The terminal bridge ships with its own cert."""

    def __init__(self, timeout):
        self.timeout = timeout
        self.session = requests.Session()
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def check(self, url):
        t0 = time.perf_counter()
        try:
            r = self.session.get(url, timeout=self.timeout)
            return r.status_code, round((time.perf_counter() - t0) * 1000.0, 1)
        except requests.RequestException as exc:
            log.debug("%s: %s", url, exc)
            return None, None


def probe(rounds, checker):
    results = {}
    for name, url in SERVICES.items():
        timings, failures, last = [], 0, []
        for _ in range(rounds):
            ok, ms, addrs = resolve(name)
            if ok:
                timings.append(ms)
                last = addrs
            else:
                failures += 1
        status, http_ms = checker.check(url) if last else (None, None)
        results[name] = {
            "dns_median_ms": round(statistics.median(timings), 1) if timings else None,
            "dns_failures": failures,
            "addresses": last,
            "http_status": status,
            "http_ms": http_ms,
        }
        log.info("%-36s dns=%s fail=%d http=%s", name,
                 results[name]["dns_median_ms"], failures, status)
    return results


def main():
    ap = argparse.ArgumentParser(description="Check marina office endpoints")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--report", default="endpoint_report.json")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    report = {
        "host": socket.gethostname(),
        "checked_at": int(time.time()),
        "services": probe(args.rounds, HttpsChecker(args.timeout)),
    }
    Path(args.report).write_text(json.dumps(report, indent=2))
    bad = [n for n, r in report["services"].items()
           if r["dns_failures"] or not r["http_status"]]
    log.info("report written to %s; %d services unhealthy", args.report, len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
