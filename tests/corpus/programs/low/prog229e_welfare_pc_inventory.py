#!/usr/bin/env python3
"""welfare_pc_inventory.py

Builds an inventory record for a crew welfare PC (recreation room, gym
kiosk, cabin laptops): CPU and OS details from /proc/cpuinfo and
/etc/os-release, memory, disk use of the working directory and any asset
tags piped in on stdin as JSON from the asset-label tool. Writes the record
to ./inventory and posts it to the asset API when a key is configured.

Example:  asset-label --json | ./welfare_pc_inventory.py --stdin-tags
"""
import argparse
import hashlib
import json
import logging
import os
import platform
import shutil
import socket
import sys
from pathlib import Path

import requests

API_BASE = "https://assets.example.org/api/v2"
OUT_DIR = Path(os.environ.get("INVENTORY_DIR", "./inventory"))

log = logging.getLogger("inventory")


def read_os_release() -> dict:
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            key, sep, val = line.partition("=")
            if sep:
                info[key] = val.strip().strip('"')
    except OSError:
        pass
    return info


def read_cpu() -> dict:
    model, cores = "unknown", 0
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name") and model == "unknown":
                model = line.split(":", 1)[1].strip()
            if line.startswith("processor"):
                cores += 1
    except OSError:
        pass
    return {"model": model, "logical_cores": cores}


def read_mem_kb() -> int:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


class InventoryRecord:
    def __init__(self, tags: dict):
        osr = read_os_release()
        usage = shutil.disk_usage(".")
        self.data = {
            "hostname": socket.gethostname(),
            "os": osr.get("PRETTY_NAME", platform.platform()),
            "kernel": platform.release(),
            "cpu": read_cpu(),
            "mem_kb": read_mem_kb(),
            "disk_free_gb": round(usage.free / 1e9, 1),
            "tags": tags,
        }

    def cache_key(self) -> str:
        blob = json.dumps(self.data, sort_keys=True).encode()
        return hashlib.md5(blob).hexdigest()

    def save(self, out_dir: Path) -> Path:
        out_dir.mkdir(parents=True, exist_ok=True)
        path = out_dir / f"{self.data['hostname']}.json"
        path.write_text(json.dumps(self.data, indent=2))
        os.chmod(path, 0o600)
        return path


def read_stdin_tags() -> dict:
    raw = sys.stdin.read().strip()
    if not raw:
        return {}
    try:
        tags = json.loads(raw)
    except json.JSONDecodeError as exc:
        log.warning("ignoring bad tag JSON on stdin: %s", exc)
        return {}
    return {str(k): str(v) for k, v in tags.items()} if isinstance(tags, dict) else {}


def upload(record: InventoryRecord, api_key: str) -> bool:
    try:
        ping = requests.head(f"{API_BASE}/ping", timeout=5)
        if ping.status_code >= 400:
            log.warning("asset API ping returned %s", ping.status_code)
            return False
        resp = requests.post(f"{API_BASE}/hosts", json=record.data, timeout=15,
                             headers={"Authorization": f"Bearer {api_key}"})
        resp.raise_for_status()
    except requests.RequestException as exc:
        log.warning("upload failed: %s", exc)
        return False
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description="welfare PC inventory")
    ap.add_argument("--stdin-tags", action="store_true",
                    help="read asset tags as JSON from stdin")
    ap.add_argument("--no-upload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    tags = read_stdin_tags() if args.stdin_tags else {}
    record = InventoryRecord(tags)
    key = record.cache_key()
    key_file = OUT_DIR / ".last_key"
    if key_file.exists() and key_file.read_text().strip() == key:
        log.info("inventory unchanged (%s)", key[:8])
        return 0

    path = record.save(OUT_DIR)
    log.info("inventory written to %s", path)

    api_key = os.environ.get("ASSET_API_KEY")
    if args.no_upload or not api_key:
        log.info("upload skipped")
    elif upload(record, api_key):
        log.info("inventory uploaded")
    key_file.write_text(key)
    os.chmod(key_file, 0o600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
