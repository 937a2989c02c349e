#!/usr/bin/env python3
"""Key-kiosk inventory and upgrade advisor.

Collects basic facts about a self-service key kiosk (OS release, CPU model,
kiosk app version), writes them to a local inventory file for the branch
technician, and compares the app version against the published release
manifest to say whether an upgrade is due.
"""

import argparse
import hashlib
import json
import logging
import os
import platform
import sys
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("kiosk.inventory")

SOURCES = {
    "os": Path("/etc/os-release"),
    "cpu": Path("/proc/cpuinfo"),
}
MANIFEST_URL = "https://releases.example.net/kiosk/manifest.json"
CACHE_DIR = Path(".kiosk_cache")


def parse_os_release(path):
    info = {}
    try:
        for line in path.read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                k, v = line.split("=", 1)
                info[k] = v.strip().strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return {"name": info.get("PRETTY_NAME", "unknown"), "version_id": info.get("VERSION_ID")}


def parse_cpuinfo(path):
    model, cores = "unknown", 0
    try:
        for line in path.read_text().splitlines():
            if line.startswith("model name") and model == "unknown":
                model = line.split(":", 1)[1].strip()
            elif line.startswith("processor"):
                cores += 1
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return {"model": model, "cores": cores}


def app_version(path):
    try:
        return Path(path).read_text().strip()
    except OSError:
        return "0.0.0"


def version_tuple(text):
    out = []
    for part in text.split("."):
        digits = "".join(ch for ch in part if ch.isdigit())
        out.append(int(digits) if digits else 0)
    return tuple(out)


def fetch_manifest(url, ttl):
    CACHE_DIR.mkdir(exist_ok=True)
    key = hashlib.md5(url.encode()).hexdigest()
    cached = CACHE_DIR / (key + ".json")
    if cached.exists() and time.time() - cached.stat().st_mtime < ttl:
        log.debug("using cached manifest %s", cached)
        return json.loads(cached.read_text())
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        body = resp.read()
    cached.write_bytes(body)
    os.chmod(cached, 0o600)
    return json.loads(body)


class Inventory:
    def __init__(self, version_file):
        self.facts = {
            "hostname": platform.node(),
            "os": parse_os_release(SOURCES["os"]),
            "cpu": parse_cpuinfo(SOURCES["cpu"]),
            "python": platform.python_version(),
            "app_version": app_version(version_file),
            "collected": time.strftime("%Y-%m-%dT%H:%M:%S"),
        }

    def save(self, path):
        path = Path(path)
        path.write_text(json.dumps(self.facts, indent=2) + "\n")
        os.chmod(path, 0o600)
        log.info("inventory written to %s", path)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Kiosk inventory and upgrade advice")
    ap.add_argument("--version-file", default="kiosk_app/VERSION")
    ap.add_argument("--out", default="kiosk_inventory.json")
    ap.add_argument("--manifest", default=MANIFEST_URL)
    ap.add_argument("--ttl", type=int, default=3600)
    ap.add_argument("--offline", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    inv = Inventory(args.version_file)
    inv.save(args.out)

    if args.offline:
        return 0
    try:
        manifest = fetch_manifest(args.manifest, args.ttl)
    except (OSError, ValueError) as exc:
        log.warning("release manifest unavailable: %s", exc)
        return 0
    latest = manifest.get("latest", "0.0.0")
    current = inv.facts["app_version"]
    if version_tuple(current) < version_tuple(latest):
        print("upgrade due: %s -> %s (%s)" % (current, latest, manifest.get("notes_url", "")))
    else:
        print("kiosk app %s is current" % current)
    return 0


if __name__ == "__main__":
    sys.exit(main())
