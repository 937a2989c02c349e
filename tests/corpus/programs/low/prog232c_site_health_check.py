#!/usr/bin/env python3
"""Health check for the youth league registration site.

Checks the public pages volunteers care about during sign-up week with
HEAD/GET requests (with timeouts), writes a JSON report and a small
shell-sourceable status file in the working directory for the desk's
other scripts, and optionally posts the summary to the league's status
dashboard API using the key from STATUS_API_KEY.
"""

import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass

LOG = logging.getLogger("health")

BASE = os.environ.get("REG_SITE_BASE", "https://register.example.org")
STATUS_API = os.environ.get("STATUS_API_URL",
                            "https://status.example.org/api/v1/checks")
PAGES = [("home", "/", "HEAD"),
         ("signup", "/signup/", "GET"),
         ("waiver", "/waiver/", "GET"),
         ("fees", "/fees/", "HEAD"),
         ("api", "/api/health", "GET")]


@dataclass
class Result:
    name: str
    url: str
    status: int
    ms: int
    ok: bool
    note: str = ""


def check(name, url, method, timeout):
    start = time.monotonic()
    req = urllib.request.Request(url, method=method,
                                 headers={"User-Agent": "league-healthcheck/2.0"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status = resp.status
            note = ""
            if method == "GET" and name == "api":
                body = json.loads(resp.read(4096) or b"{}")
                note = body.get("status", "")
    except urllib.error.HTTPError as exc:
        status, note = exc.code, exc.reason
    except (urllib.error.URLError, TimeoutError, ValueError) as exc:
        status, note = 0, str(exc)[:120]
    ms = int((time.monotonic() - start) * 1000)
    return Result(name, url, status, ms, 200 <= status < 400, note)


def write_outputs(results, report_path, env_path):
    with open(report_path, "w", encoding="utf-8") as fh:
        json.dump({"checked_at": int(time.time()),
                   "results": [asdict(r) for r in results]}, fh, indent=2)
    # Plain KEY=value lines so the desk's bash scripts can `source` it.
    with open(env_path, "w", encoding="utf-8") as fh:
        failing = [r.name for r in results if not r.ok]
        fh.write(f"REG_SITE_OK={0 if failing else 1}\n")
        fh.write(f"REG_SITE_FAILING='{' '.join(failing)}'\n")
        fh.write(f"REG_SITE_SLOWEST_MS={max(r.ms for r in results)}\n")


def post_summary(results, timeout):
    key = os.environ.get("STATUS_API_KEY")
    if not key:
        LOG.info("STATUS_API_KEY not set; skipping dashboard update")
        return
    payload = {"site": BASE,
               "ok": all(r.ok for r in results),
               "checks": [{"name": r.name, "status": r.status, "ms": r.ms}
                          for r in results]}
    req = urllib.request.Request(STATUS_API, data=json.dumps(payload).encode(),
                                 method="POST",
                                 headers={"Content-Type": "application/json",
                                          "Authorization": f"Bearer {key}"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            LOG.info("dashboard updated (%s)", resp.status)
    except urllib.error.URLError as exc:
        LOG.warning("dashboard update failed: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Registration site health check")
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--report", default="health_report.json")
    ap.add_argument("--env-file", default="site_status.env")
    ap.add_argument("--post", action="store_true", help="update the dashboard")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    results = [check(n, BASE.rstrip("/") + p, m, args.timeout) for n, p, m in PAGES]
    for r in results:
        LOG.info("%-7s %3d %5d ms %s %s", r.name, r.status, r.ms,
                 "OK  " if r.ok else "FAIL", r.note)
    write_outputs(results, args.report, args.env_file)
    if args.post:
        post_summary(results, args.timeout)
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
