#!/usr/bin/env python3
"""Check the research data warehouse service endpoints and report status.

Each configured endpoint is probed with a GET (with a timeout).  The summary
is posted as JSON to the team's status-page API using STATUS_API_KEY from the
environment, and a small KEY=VALUE handoff file is written to the working
directory so the nightly Bash jobs can `source` it and skip loads when the
warehouse is degraded.
"""

import argparse
import json
import logging
import os
import platform
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, asdict

DEFAULT_ENDPOINTS = {
    "warehouse_api": "https://warehouse-api.example.org/health",
    "terminology": "https://terminology.example.org/fhir/metadata",
    "deid_service": "https://deid.example.org/healthz",
}
STATUS_API = "https://status.example.org/api/v1/checks"

log = logging.getLogger("wh-health")


@dataclass
class CheckResult:
    name: str
    url: str
    ok: bool
    status: int
    latency_ms: int
    error: str = ""


def os_release():
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def probe(name, url, timeout):
    start = time.monotonic()
    req = urllib.request.Request(url, method="GET", headers={"User-Agent": "wh-health/1.2"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            code = resp.status
            ok = 200 <= code < 300
            err = ""
    except urllib.error.HTTPError as exc:
        code, ok, err = exc.code, False, str(exc.reason)
    except (urllib.error.URLError, TimeoutError) as exc:
        code, ok, err = 0, False, str(exc)
    latency = int((time.monotonic() - start) * 1000)
    return CheckResult(name, url, ok, code, latency, err)


def post_summary(results, host_os, timeout):
    key = os.environ.get("STATUS_API_KEY")
    if not key:
        log.warning("STATUS_API_KEY not set; skipping status-page update")
        return False
    body = json.dumps({
        "component": "research-data-warehouse",
        "host_os": host_os,
        "checks": [asdict(r) for r in results],
    }).encode()
    req = urllib.request.Request(
        STATUS_API, data=body, method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            log.info("status API accepted summary (%s)", resp.status)
            return True
    except urllib.error.URLError as exc:
        log.error("status API post failed: %s", exc)
        return False


def write_handoff(path, results):
    """Atomically write a sourceable env file for downstream shell jobs."""
    degraded = [r.name for r in results if not r.ok]
    lines = [
        f"WH_HEALTH_OK={'1' if not degraded else '0'}",
        f"WH_HEALTH_DEGRADED=\"{' '.join(degraded)}\"",
        f"WH_HEALTH_CHECKED_AT={int(time.time())}",
    ]
    directory = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=directory, delete=False, prefix=".health.") as tmp:
        tmp.write("\n".join(lines) + "\n")
        tmp_name = tmp.name
    os.chmod(tmp_name, 0o600)
    os.replace(tmp_name, path)
    log.info("wrote handoff file %s", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", help="JSON file mapping name -> URL")
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--handoff", default="./health.env")
    parser.add_argument("--no-post", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    endpoints = DEFAULT_ENDPOINTS
    if args.config:
        with open(args.config, encoding="utf-8") as fh:
            endpoints = json.load(fh)

    results = []
    for name, url in endpoints.items():
        res = probe(name, url, args.timeout)
        level = logging.INFO if res.ok else logging.WARNING
        log.log(level, "%-14s %s status=%s %dms %s", name, "OK " if res.ok else "BAD",
                res.status, res.latency_ms, res.error)
        results.append(res)

    write_handoff(args.handoff, results)
    if not args.no_post:
        post_summary(results, os_release(), args.timeout)
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
