#!/usr/bin/env python3
"""Morning health report for the departure board hosts.

Collects a few facts about this host and checks the status pages of the
board services, then writes a small JSON report in the working directory
for the team's dashboard to pick up.
"""
import argparse
import asyncio
import json
import logging
import os
import platform
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("board-health")

DEFAULT_ENDPOINTS = {
    "renderer": "http://127.0.0.1:8080/health",
    "feed": "https://feeds.depboard.example/v2/status",
    "paxinfo": "https://api.paxinfo.example/v1/ping",
}

_FACTS = {}


def fact(name):
    def register(fn):
        _FACTS[name] = fn
        return fn
    return register


def _keyvals(path, sep):
    out = {}
    try:
        for line in Path(path).read_text().splitlines():
            if sep in line:
                k, v = line.split(sep, 1)
                out.setdefault(k.strip(), v.strip().strip('"'))
    except OSError:
        pass
    return out


@fact("os")
def os_facts():
    rel = _keyvals("/etc/os-release", "=")
    return {"name": rel.get("PRETTY_NAME", platform.system()), "kernel": platform.release()}


@fact("cpu")
def cpu_facts():
    info = _keyvals("/proc/cpuinfo", ":")
    return {"model": info.get("model name", platform.processor()), "count": os.cpu_count()}


@fact("memory")
def memory_facts():
    info = _keyvals("/proc/meminfo", ":")
    return {k: info.get(k, "") for k in ("MemTotal", "MemAvailable")}


@fact("load")
def load_facts():
    return dict(zip(("1m", "5m", "15m"), os.getloadavg()))


@dataclass
class Check:
    name: str
    url: str
    status: int = 0
    ms: float = 0.0
    error: str = ""


@dataclass
class Report:
    host: str = field(default_factory=platform.node)
    taken: str = field(default_factory=lambda: time.strftime("%Y-%m-%dT%H:%M:%S"))
    facts: dict = field(default_factory=dict)
    checks: list = field(default_factory=list)


def probe(check, timeout):
    start = time.monotonic()
    req = urllib.request.Request(check.url, method="GET", headers={"User-Agent": "board-health/2"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            check.status = resp.status
    except urllib.error.HTTPError as exc:
        check.status = exc.code
    except (urllib.error.URLError, OSError) as exc:
        check.error = str(exc)
    check.ms = round((time.monotonic() - start) * 1000, 1)
    return check


async def run_checks(endpoints, timeout):
    loop = asyncio.get_running_loop()
    jobs = [loop.run_in_executor(None, probe, Check(n, u), timeout) for n, u in endpoints.items()]
    return await asyncio.gather(*jobs)


def main():
    ap = argparse.ArgumentParser(description="Board host health report")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--out", type=Path, default=Path("health_report.json"))
    ap.add_argument("--endpoints", type=Path, help="JSON file mapping name -> URL")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    endpoints = json.loads(args.endpoints.read_text()) if args.endpoints else DEFAULT_ENDPOINTS
    report = Report()
    for name, fn in _FACTS.items():
        report.facts[name] = fn()
    report.checks = [asdict(c) for c in asyncio.run(run_checks(endpoints, args.timeout))]
    args.out.write_text(json.dumps(asdict(report), indent=2))
    bad = [c["name"] for c in report.checks if c["error"] or c["status"] >= 400]
    log.info("report written to %s; %s", args.out, "all ok" if not bad else "problems: " + ", ".join(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
