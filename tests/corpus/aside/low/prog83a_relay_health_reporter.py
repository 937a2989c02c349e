#!/usr/bin/env python3
"""Relay node health reporter.

Runs on each Icecast/HLS relay in the network, samples a few local health
figures (load, mount listener counts from the local status JSON, disk headroom
for the segment cache) and pushes them to the ops dashboard ingest API.

Config lives in relay_health.ini next to the script; the API key comes from
RELAY_DASH_API_KEY so it never lands in the repo.
"""

import argparse
import configparser
import json
import logging
import os
import shutil
import socket
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("relay-health")

DEFAULTS = {
    "status_url": "http://127.0.0.1:8000/status-json.xsl",
    "ingest_url": "https://dash.example.net/api/v2/relay-health",
    "cache_dir": "./segment-cache",
    "timeout": "8",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["relay"] = DEFAULTS
    if os.path.exists(path):
        cp.read(path)
        log.debug("loaded %s", path)
    return cp["relay"]


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown")


def mount_stats(status_url, timeout):
    try:
        with urllib.request.urlopen(status_url, timeout=timeout) as resp:
            doc = json.load(resp)
    except (urllib.error.URLError, ValueError) as exc:
        log.warning("icecast status unavailable: %s", exc)
        return []
    sources = doc.get("icestats", {}).get("source", [])
    if isinstance(sources, dict):
        sources = [sources]
    return [
        {
            "mount": s.get("listenurl", "").rsplit("/", 1)[-1],
            "listeners": s.get("listeners", 0),
            "peak": s.get("listener_peak", 0),
            "bitrate": s.get("bitrate"),
        }
        for s in sources
    ]


def sample(cfg):
    load1, load5, _ = os.getloadavg()
    cache = cfg["cache_dir"]
    free_gb = None
    if os.path.isdir(cache):
        free_gb = round(shutil.disk_usage(cache).free / 1e9, 2)
    return {
        "host": socket.gethostname(),
        "os": os_release(),
        "ts": int(time.time()),
        "load": [load1, load5],
        "cache_free_gb": free_gb,
        "mounts": mount_stats(cfg["status_url"], float(cfg["timeout"])),
    }


def push(cfg, payload, api_key, retries=3):
    body = json.dumps(payload).encode()
    req = urllib.request.Request(
        cfg["ingest_url"],
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "X-Api-Key": api_key},
    )
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=float(cfg["timeout"])) as resp:
                log.info("pushed health sample (%s)", resp.status)
                return True
        except urllib.error.URLError as exc:
            log.warning("push attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="relay_health.ini")
    ap.add_argument("--dry-run", action="store_true", help="print sample, do not push")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    payload = sample(cfg)
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0

    api_key = os.environ.get("RELAY_DASH_API_KEY")
    if not api_key:
        log.error("RELAY_DASH_API_KEY not set")
        return 2
    return 0 if push(cfg, payload, api_key) else 1


if __name__ == "__main__":
    sys.exit(main())
