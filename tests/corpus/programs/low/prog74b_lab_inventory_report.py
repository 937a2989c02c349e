#!/usr/bin/env python3
"""File this lab workstation's hardware and OS facts with the asset register.

Run from the imaging task sequence or by a technician after a rebuild:

    ASSET_API_TOKEN=... python3 lab_inventory_report.py --room SCI-204

Facts are read straight from /etc/os-release and /proc so the script works on
minimal images without lshw/dmidecode.  The last submitted record is cached
in ./.inventory_cache so unchanged machines are not re-posted every boot.
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
import time
import uuid
from pathlib import Path

import requests

log = logging.getLogger("lab_inventory")

ASSET_API = os.environ.get("ASSET_API_URL", "https://assets.district.example.org/api/v2")
CACHE_DIR = Path(".inventory_cache")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                key, sep, value = line.strip().partition("=")
                if sep:
                    info[key] = value.strip('"')
    except FileNotFoundError:
        log.warning("%s missing", path)
    return {"name": info.get("PRETTY_NAME", platform.system()),
            "id": info.get("ID"), "version": info.get("VERSION_ID")}


def cpu_summary(path="/proc/cpuinfo"):
    model, count, flags = None, 0, set()
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            key, _, value = line.partition(":")
            key = key.strip()
            if key == "processor":
                count += 1
            elif key == "model name" and model is None:
                model = value.strip()
            elif key == "flags" and not flags:
                flags = set(value.split())
    return {"model": model, "threads": count,
            "virtualisation": "vmx" in flags or "svm" in flags}


def memory_mib(path="/proc/meminfo"):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    return None


def disks(mounts=("/", "/home")):
    out = {}
    for m in mounts:
        if os.path.ismount(m):
            usage = shutil.disk_usage(m)
            out[m] = {"total_gib": round(usage.total / 2**30, 1),
                      "free_gib": round(usage.free / 2**30, 1)}
    return out


def collect(room):
    mac = uuid.getnode()
    return {
        "hostname": socket.gethostname(),
        "fqdn": socket.getfqdn(),
        "mac": ":".join(f"{(mac >> s) & 0xff:02x}" for s in range(40, -1, -8)),
        "room": room,
        "os": read_os_release(),
        "kernel": platform.release(),
        "cpu": cpu_summary(),
        "memory_mib": memory_mib(),
        "disks": disks(),
    }


def cache_path(facts):
    key = hashlib.md5(f"{facts['hostname']}|{facts['mac']}".encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def unchanged(facts):
    path = cache_path(facts)
    if not path.exists():
        return False
    previous = json.loads(path.read_text())
    return previous.get("facts") == facts


def remember(facts, asset_id):
    CACHE_DIR.mkdir(exist_ok=True)
    cache_path(facts).write_text(json.dumps(
        {"asset_id": asset_id, "facts": facts, "at": int(time.time())}, indent=2))


def submit(facts, token):
    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {token}", "Accept": "application/json"})
    lookup = session.get(f"{ASSET_API}/workstations",
                         params={"mac": facts["mac"]}, timeout=15)
    lookup.raise_for_status()
    matches = lookup.json().get("results", [])
    if matches:
        asset_id = matches[0]["id"]
        resp = session.put(f"{ASSET_API}/workstations/{asset_id}", json=facts, timeout=15)
    else:
        resp = session.post(f"{ASSET_API}/workstations", json=facts, timeout=15)
    resp.raise_for_status()
    return resp.json().get("id")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--room", required=True, help="room code, e.g. SCI-204")
    ap.add_argument("--force", action="store_true", help="submit even if unchanged")
    ap.add_argument("--print", dest="show", action="store_true", help="print facts and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    facts = collect(args.room)
    if args.show:
        json.dump(facts, sys.stdout, indent=2)
        print()
        return 0
    if unchanged(facts) and not args.force:
        log.info("no changes since last report")
        return 0

    token = os.environ.get("ASSET_API_TOKEN")
    if not token:
        log.error("ASSET_API_TOKEN not set")
        return 2
    try:
        asset_id = submit(facts, token)
    except requests.RequestException as exc:
        log.error("asset register unavailable: %s", exc)
        return 1
    remember(facts, asset_id)
    log.info("reported %s as asset %s", facts["hostname"], asset_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
