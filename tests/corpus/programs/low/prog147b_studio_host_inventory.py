#!/usr/bin/env python3
"""Record basic facts about a studio workstation for the IT notebook.

Collects OS release, CPU model, memory and free disk space, checks that
the photo backup service and the catalogue web app respond, and writes a
JSON record into ./inventory so the notebook can be kept current.
"""
import argparse
import json
import logging
import platform
import shutil
import socket
import sys
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("inventory")

SERVICES = {
    "photo_backup": "https://backup.example.com/status",
    "catalogue": "https://catalogue.example.com/",
}


def os_release():
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                key, sep, value = line.strip().partition("=")
                if sep:
                    info[key] = value.strip('"')
    except OSError:
        pass
    return {"name": info.get("PRETTY_NAME", platform.system()),
            "version": info.get("VERSION_ID", "")}


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def memory_mb():
    try:
        with open("/proc/meminfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("MemTotal"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError):
        pass
    return None


def disk_free(paths):
    out = {}
    for p in paths:
        try:
            usage = shutil.disk_usage(p)
            out[p] = round(usage.free / 2**30, 1)
        except OSError:
            out[p] = None
    return out


def check_services(timeout):
    results = {}
    for name, url in SERVICES.items():
        try:
            resp = requests.head(url, timeout=timeout, allow_redirects=True)
            results[name] = resp.status_code
        except requests.RequestException as exc:
            log.warning("%s unreachable: %s", name, exc)
            results[name] = None
    return results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out-dir", default="inventory")
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--skip-network", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    record = {
        "hostname": socket.gethostname(),
        "collected": datetime.now().isoformat(timespec="seconds"),
        "os": os_release(),
        "cpu": cpu_model(),
        "memory_mb": memory_mb(),
        "disk_free_gb": disk_free([".", str(Path.home())]),
    }
    if not args.skip_network:
        record["services"] = check_services(args.timeout)

    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"{record['hostname']}.json"
    target.write_text(json.dumps(record, indent=2), encoding="utf-8")
    log.info("inventory written to %s", target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
