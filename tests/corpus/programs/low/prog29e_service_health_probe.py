#!/usr/bin/env python3
"""Lightweight health probe for the team's web services.

Reads endpoints from ./healthchecks.json, performs a GET against each with a
timeout, adds a few local host facts (load, memory, disk, OS release) and
writes ./health/status.json. Optionally pushes the summary to the status-page
API, authenticating with STATUSPAGE_API_KEY taken from the environment.
"""

import argparse
import json
import logging
import os
import shutil
import socket
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("healthprobe")
STATUS_API = "https://api.statuspage.example.com/v1/pages/ops/metrics"


def load_targets(path: Path) -> list:
    with path.open() as fh:
        data = json.load(fh)
    targets = data.get("targets", [])
    for t in targets:
        t.setdefault("expect_status", 200)
        t.setdefault("timeout", 5)
    return targets


def probe(target: dict) -> dict:
    url = target["url"]
    started = time.monotonic()
    result = {"name": target.get("name", url), "url": url, "ok": False}
    req = urllib.request.Request(url, method="GET", headers={"User-Agent": "healthprobe/1.4"})
    try:
        with urllib.request.urlopen(req, timeout=target["timeout"]) as resp:
            result["status"] = resp.status
            result["ok"] = resp.status == target["expect_status"]
            body = resp.read(4096)
            if "expect_body" in target:
                result["ok"] = result["ok"] and target["expect_body"].encode() in body
    except urllib.error.HTTPError as exc:
        result["status"] = exc.code
        result["error"] = str(exc.reason)
    except (urllib.error.URLError, socket.timeout) as exc:
        result["error"] = str(getattr(exc, "reason", exc))
    result["latency_ms"] = round((time.monotonic() - started) * 1000, 1)
    return result


def os_release() -> dict:
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return {"name": info.get("PRETTY_NAME", "unknown"), "id": info.get("ID")}


def host_facts(disk_paths) -> dict:
    facts = {"hostname": socket.gethostname(), "os": os_release()}
    try:
        facts["loadavg"] = [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]
    except OSError:
        facts["loadavg"] = None
    mem = {}
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            key, val = line.split(":", 1)
            if key in ("MemTotal", "MemAvailable"):
                mem[key] = int(val.split()[0])
    except OSError:
        pass
    if mem:
        facts["mem_used_pct"] = round(100 * (1 - mem["MemAvailable"] / mem["MemTotal"]), 1)
    facts["disks"] = {}
    for p in disk_paths:
        try:
            du = shutil.disk_usage(p)
            facts["disks"][p] = round(100 * du.used / du.total, 1)
        except OSError as exc:
            LOG.warning("disk usage for %s failed: %s", p, exc)
    return facts


def push_summary(summary: dict) -> None:
    api_key = os.environ.get("STATUSPAGE_API_KEY")
    if not api_key:
        LOG.info("STATUSPAGE_API_KEY not set; skipping push")
        return
    payload = json.dumps({
        "host": summary["host"]["hostname"],
        "healthy": summary["healthy"],
        "failing": [r["name"] for r in summary["results"] if not r["ok"]],
    }).encode()
    req = urllib.request.Request(
        STATUS_API, data=payload, method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"OAuth {api_key}"},
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            LOG.info("status page accepted summary (%s)", resp.status)
    except urllib.error.URLError as exc:
        LOG.error("status push failed: %s", exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="healthchecks.json", type=Path)
    ap.add_argument("-o", "--out-dir", default="health", type=Path)
    ap.add_argument("--disk", action="append", default=None, help="path to check disk usage for")
    ap.add_argument("--push", action="store_true", help="send summary to the status page")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    targets = load_targets(args.config)
    results = []
    for t in targets:
        r = probe(t)
        LOG.log(logging.INFO if r["ok"] else logging.WARNING,
                "%-20s %-5s %s ms", r["name"], "OK" if r["ok"] else "FAIL", r["latency_ms"])
        results.append(r)

    summary = {
        "checked_at": datetime.now(timezone.utc).isoformat(),
        "host": host_facts(args.disk or ["/", str(Path.home())]),
        "results": results,
        "healthy": all(r["ok"] for r in results),
    }
    args.out_dir.mkdir(parents=True, exist_ok=True)
    out = args.out_dir / "status.json"
    out.write_text(json.dumps(summary, indent=2))
    LOG.info("wrote %s", out)

    if args.push:
        push_summary(summary)
    return 0 if summary["healthy"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
