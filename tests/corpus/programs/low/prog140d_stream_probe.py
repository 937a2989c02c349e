#!/usr/bin/env python3
"""Probe the station's stream mounts and write a health report.

Sends HEAD requests to each public mount, records status and content type,
and writes a report that also notes which machine ran the probe (useful
when several volunteers run it from home). Responses are cached briefly so
repeated runs do not hammer the stream server.
"""

import argparse
import hashlib
import json
import logging
import os
import platform
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("stream-probe")

MOUNTS = [
    "https://stream.example.com/live.mp3",
    "https://stream.example.com/live.aac",
    "https://stream.example.net/backup.mp3",
]
CACHE_DIR = Path(".probe_cache")
CACHE_TTL = 60


def cache_key(url):
    # only a file name for the cache, not a security thing
    return hashlib.md5(url.encode()).hexdigest() + ".json"


def cached(url):
    p = CACHE_DIR / cache_key(url)
    if p.exists() and time.time() - p.stat().st_mtime < CACHE_TTL:
        try:
            return json.loads(p.read_text())
        except ValueError:
            p.unlink()
    return None


def store(url, result):
    CACHE_DIR.mkdir(exist_ok=True)
    (CACHE_DIR / cache_key(url)).write_text(json.dumps(result))


def probe(url, timeout):
    hit = cached(url)
    if hit:
        return hit
    req = urllib.request.Request(url, method="HEAD",
                                 headers={"User-Agent": "stream-probe/0.4"})
    start = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            result = {"url": url, "status": resp.status,
                      "type": resp.headers.get("Content-Type", ""),
                      "icy_name": resp.headers.get("icy-name", "")}
    except urllib.error.HTTPError as exc:
        result = {"url": url, "status": exc.code, "type": "", "icy_name": ""}
    except (urllib.error.URLError, OSError) as exc:
        result = {"url": url, "status": None, "error": str(exc)}
    result["ms"] = round((time.monotonic() - start) * 1000)
    store(url, result)
    return result


def machine_info():
    info = {"python": platform.python_version(), "arch": platform.machine()}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        info["os"] = platform.system()
    try:
        models = [l.split(":", 1)[1].strip() for l in
                  Path("/proc/cpuinfo").read_text().splitlines()
                  if l.startswith("model name")]
        info["cpu"] = models[0] if models else "?"
        info["cores"] = len(models)
    except OSError:
        pass
    return info


def main():
    parser = argparse.ArgumentParser(description="Check stream mounts")
    parser.add_argument("--timeout", type=float, default=8.0)
    parser.add_argument("--report", default="probe_report.json")
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()

    results = [probe(u, args.timeout) for u in MOUNTS]
    for r in results:
        LOG.info("%-45s %s %sms", r["url"], r.get("status"), r.get("ms"))

    report = {"when": time.strftime("%Y-%m-%dT%H:%M:%S"), "machine": machine_info(),
              "mounts": results}
    Path(args.report).write_text(json.dumps(report, indent=2))
    os.chmod(args.report, 0o600)
    down = [r for r in results if r.get("status") != 200]
    return 1 if down else 0


if __name__ == "__main__":
    sys.exit(main())
