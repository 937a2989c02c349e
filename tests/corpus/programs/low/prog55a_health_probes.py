#!/usr/bin/env python3
"""Run a list of health probes named in probes.json and write a status file.

probes.json example:
  [{"probe": "http", "url": "https://status.example.org/ping"},
   {"probe": "disk", "path": "."},
   {"probe": "platform"}]
Probe names map to ``probe_<name>`` methods of ``Probes``.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import time
from datetime import datetime, timezone

import requests

LOG = logging.getLogger("probes")


class Probes:
    def __init__(self, timeout):
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "probe-runner/1.3"

    def probe_http(self, url, expect=200, **_):
        started = time.monotonic()
        resp = self.session.head(url, timeout=self.timeout, allow_redirects=True)
        return {
            "ok": resp.status_code == expect,
            "status": resp.status_code,
            "ms": round((time.monotonic() - started) * 1000, 1),
        }

    def probe_disk(self, path=".", min_free_gb=1.0, **_):
        usage = shutil.disk_usage(path)
        free_gb = usage.free / 1024 ** 3
        return {"ok": free_gb >= min_free_gb, "free_gb": round(free_gb, 2)}

    def probe_platform(self, **_):
        info = {}
        with open("/etc/os-release") as fh:
            for line in fh:
                key, _, value = line.strip().partition("=")
                if key in ("ID", "VERSION_ID"):
                    info[key.lower()] = value.strip('"')
        with open("/proc/cpuinfo") as fh:
            info["cpus"] = sum(1 for line in fh if line.startswith("processor"))
        return {"ok": True, **info}

    def probe_load(self, max_per_cpu=2.0, **_):
        one, _five, _fifteen = os.getloadavg()
        per_cpu = one / (os.cpu_count() or 1)
        return {"ok": per_cpu <= max_per_cpu, "load_per_cpu": round(per_cpu, 2)}


def run_all(spec, probes):
    results = []
    for entry in spec:
        entry = dict(entry)
        name = entry.pop("probe", "")
        func = getattr(probes, f"probe_{name}", None)
        if not callable(func):
            results.append({"probe": name, "ok": False, "error": "unknown probe"})
            continue
        try:
            outcome = func(**entry)
        except (requests.RequestException, OSError) as exc:
            outcome = {"ok": False, "error": str(exc)}
        results.append({"probe": name, **outcome})
        LOG.info("%-10s %s", name, "ok" if outcome.get("ok") else "FAIL")
    return results


def main():
    ap = argparse.ArgumentParser(description="health probe runner")
    ap.add_argument("--spec", default="probes.json")
    ap.add_argument("--out", default="health-status.json")
    ap.add_argument("--timeout", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        with open(args.spec) as fh:
            spec = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read %s: %s", args.spec, exc)
        return 2

    results = run_all(spec, Probes(args.timeout))
    report = {
        "generated": datetime.now(timezone.utc).isoformat(),
        "healthy": all(r.get("ok") for r in results),
        "results": results,
    }
    with open(args.out, "w") as fh:
        json.dump(report, fh, indent=2)
    os.chmod(args.out, 0o600)
    return 0 if report["healthy"] else 1


if __name__ == "__main__":
    sys.exit(main())
