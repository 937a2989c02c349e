#!/usr/bin/env python3
"""portal_health_check.py

Checks the public-facing court endpoints (e-filing portal, case search,
payments, hearing calendar) with plain GET requests and records status,
latency and a content check in a CSV history file in the working directory.
Exit code is non-zero when any endpoint is down so the check can feed the
IT on-call dashboard.
"""

import argparse
import csv
import logging
import sys
import time
from datetime import datetime
from pathlib import Path
from urllib import request, error

LOG = logging.getLogger("portal_health")

ENDPOINTS = {
    "efiling": ("https://efile.example.org/health", "ok"),
    "case_search": ("https://search.example.org/api/status", "ready"),
    "payments": ("https://pay.example.org/status", "ok"),
    "calendar": ("https://calendar.example.org/", "Hearing Calendar"),
}


class CheckResult:
    def __init__(self, name, url, status, latency_ms, content_ok, error_text=""):
        self.name = name
        self.url = url
        self.status = status
        self.latency_ms = latency_ms
        self.content_ok = content_ok
        self.error_text = error_text

    @property
    def healthy(self):
        return self.status == 200 and self.content_ok

    def as_row(self, stamp):
        return [stamp, self.name, self.url, self.status, f"{self.latency_ms:.0f}",
                "yes" if self.content_ok else "no", self.error_text]


def check(name, url, marker, timeout):
    started = time.monotonic()
    req = request.Request(url, headers={"User-Agent": "court-it-healthcheck/1.3"})
    try:
        with request.urlopen(req, timeout=timeout) as resp:
            body = resp.read(65536).decode("utf-8", "replace")
            elapsed = (time.monotonic() - started) * 1000
            return CheckResult(name, url, resp.status, elapsed, marker in body)
    except error.HTTPError as exc:
        elapsed = (time.monotonic() - started) * 1000
        return CheckResult(name, url, exc.code, elapsed, False, str(exc.reason))
    except (error.URLError, TimeoutError, OSError) as exc:
        elapsed = (time.monotonic() - started) * 1000
        return CheckResult(name, url, 0, elapsed, False, str(exc))


def append_history(path, results):
    new_file = not path.exists()
    stamp = datetime.now().isoformat(timespec="seconds")
    with path.open("a", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        if new_file:
            writer.writerow(["checked_at", "name", "url", "status", "latency_ms",
                             "content_ok", "error"])
        for result in results:
            writer.writerow(result.as_row(stamp))


def parse_args(argv):
    parser = argparse.ArgumentParser(description="check court portal endpoints")
    parser.add_argument("--only", nargs="*", choices=sorted(ENDPOINTS), help="subset to check")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--history", default="./portal_health.csv")
    parser.add_argument("--slow-ms", type=float, default=2000.0)
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    names = args.only or sorted(ENDPOINTS)
    results = []
    for name in names:
        url, marker = ENDPOINTS[name]
        result = check(name, url, marker, args.timeout)
        results.append(result)
        if not result.healthy:
            LOG.error("%s DOWN status=%s %s", name, result.status, result.error_text)
        elif result.latency_ms > args.slow_ms:
            LOG.warning("%s slow: %.0f ms", name, result.latency_ms)
        else:
            LOG.info("%s ok in %.0f ms", name, result.latency_ms)
    try:
        append_history(Path(args.history), results)
    except OSError as exc:
        LOG.error("could not write history: %s", exc)
    return 0 if all(r.healthy for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
