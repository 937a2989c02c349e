#!/usr/bin/env python3
"""Inventory record for a lab machine.

Reads the OS release and CPU details, compares them with the expected
build published by the practice's inventory service, writes a JSON record
plus a shell-sourceable env file (used later by the lab setup checklist
script) into ./inventory/, and posts the record to the inventory API.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import platform
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("lab-inventory")

INVENTORY_API = "https://inventory.example.org/api/v1"
OUT_DIR = Path("inventory")
CACHE_DIR = Path(".inventory_cache")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        for line in Path(path).read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip().strip('"')
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return info


def read_cpuinfo(path="/proc/cpuinfo"):
    model, cores = "unknown", 0
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith("model name") and model == "unknown":
                model = line.split(":", 1)[1].strip()
            if line.startswith("processor"):
                cores += 1
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return {"model": model, "cores": cores}


class InventoryClient:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def expected_build(self, role):
        url = f"{self.base}/builds/{role}"
        key = hashlib.md5(url.encode()).hexdigest()
        cached = CACHE_DIR / f"{key}.json"
        if cached.exists():
            return json.loads(cached.read_text())
        with urllib.request.urlopen(url, timeout=self.timeout) as resp:
            data = json.loads(resp.read().decode())
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(data))
        return data

    def submit(self, record):
        req = urllib.request.Request(
            f"{self.base}/machines", data=json.dumps(record).encode(), method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.api_key}"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def write_outputs(record):
    OUT_DIR.mkdir(exist_ok=True)
    jpath = OUT_DIR / f"{record['hostname']}.json"
    jpath.write_text(json.dumps(record, indent=2))
    env_lines = [
        f"LAB_HOST='{record['hostname']}'",
        f"LAB_ROLE='{record['role']}'",
        f"LAB_OS_ID='{record['os'].get('ID', '')}'",
        f"LAB_OS_VERSION='{record['os'].get('VERSION_ID', '')}'",
        f"LAB_CPU_CORES={record['cpu']['cores']}",
        f"LAB_BUILD_OK={'1' if record['build_ok'] else '0'}",
    ]
    epath = OUT_DIR / "machine.env"
    epath.write_text("\n".join(env_lines) + "\n")
    os.chmod(jpath, 0o600)
    os.chmod(epath, 0o600)
    return jpath, epath


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--role", default="lab-workstation")
    ap.add_argument("--api", default=os.environ.get("INVENTORY_API", INVENTORY_API))
    ap.add_argument("--offline", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os_info, cpu = read_os_release(), read_cpuinfo()
    record = {"hostname": socket.gethostname(), "role": args.role,
              "python": platform.python_version(), "os": os_info, "cpu": cpu,
              "build_ok": None}
    client = InventoryClient(args.api, os.environ.get("INVENTORY_API_KEY", ""))
    if not args.offline:
        try:
            expected = client.expected_build(args.role)
            record["build_ok"] = (expected.get("os_id") == os_info.get("ID") and
                                  expected.get("os_version") == os_info.get("VERSION_ID"))
        except (urllib.error.URLError, ValueError) as exc:
            LOG.warning("expected build unavailable: %s", exc)
    summary = f"{record['hostname']} {os_info.get('PRETTY_NAME', '?')} {cpu['model']}"
    record["summary_b64"] = base64.b64encode(summary.encode()).decode()
    jpath, epath = write_outputs(record)
    LOG.info("wrote %s and %s", jpath, epath)
    if args.offline or not client.api_key:
        LOG.info("not submitting (offline or no INVENTORY_API_KEY)")
        return 0
    try:
        LOG.info("inventory API answered %s", client.submit(record))
    except urllib.error.URLError as exc:
        LOG.error("submit failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
