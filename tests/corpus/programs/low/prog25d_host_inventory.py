#!/usr/bin/env python3
"""Collect a small hardware/OS inventory of this host and register it in the CMDB.

Reads /etc/os-release, /proc/cpuinfo and /proc/meminfo, stores a JSON
snapshot under ./inventory/, checks that the package mirror answers, and
posts the snapshot to the CMDB API using the token from CMDB_TOKEN.
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
from pathlib import Path

CMDB_URL = os.environ.get("CMDB_URL", "https://cmdb.example.internal/api/v1/hosts")
MIRROR_URL = os.environ.get("MIRROR_URL", "https://deb.debian.org/debian/dists/stable/Release")
OUT_DIR = Path("inventory")

log = logging.getLogger("inventory")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line or line.startswith("#") or "=" not in line:
                    continue
                key, _, value = line.partition("=")
                info[key] = value.strip('"')
    except FileNotFoundError:
        log.warning("%s not found", path)
    return {k: info.get(k) for k in ("ID", "VERSION_ID", "PRETTY_NAME")}


def read_cpu():
    models, count = set(), 0
    with open("/proc/cpuinfo", encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("processor"):
                count += 1
            elif line.startswith("model name"):
                models.add(line.split(":", 1)[1].strip())
    return {"count": count, "models": sorted(models)}


def read_mem_kb():
    with open("/proc/meminfo", encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("MemTotal:"):
                return int(line.split()[1])
    return None


def mirror_reachable(url, timeout=5.0):
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status < 400
    except (urllib.error.URLError, OSError) as exc:
        log.warning("mirror check failed: %s", exc)
        return False


def post_snapshot(snapshot, token, timeout=10.0):
    body = json.dumps(snapshot).encode("utf-8")
    req = urllib.request.Request(
        CMDB_URL,
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--no-post", action="store_true", help="only write the local snapshot")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    snapshot = {
        "hostname": socket.gethostname(),
        "kernel": platform.release(),
        "arch": platform.machine(),
        "os": read_os_release(),
        "cpu": read_cpu(),
        "mem_kb": read_mem_kb(),
        "mirror_ok": mirror_reachable(MIRROR_URL),
        "collected_at": int(time.time()),
    }

    OUT_DIR.mkdir(exist_ok=True)
    out_file = OUT_DIR / f"{snapshot['hostname']}.json"
    out_file.write_text(json.dumps(snapshot, indent=2) + "\n", encoding="utf-8")
    os.chmod(out_file, 0o600)
    log.info("snapshot written to %s", out_file)

    if args.no_post:
        return 0
    token = os.environ.get("CMDB_TOKEN")
    if not token:
        log.error("CMDB_TOKEN is not set; use --no-post for a local run")
        return 1
    try:
        status = post_snapshot(snapshot, token)
    except urllib.error.URLError as exc:
        log.error("CMDB post failed: %s", exc)
        return 1
    log.info("CMDB answered %s", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
