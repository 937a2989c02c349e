#!/usr/bin/env python3
"""Prints a short fact sheet about this host (read-only)."""
import json
import os
import platform
import shutil
import socket
from pathlib import Path
from typing import Dict


def os_release() -> Dict[str, str]:
    data = {}
    path = Path("/etc/os-release")
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                data[k] = v.strip('"')
    return data


def meminfo() -> Dict[str, int]:
    out = {}
    with open("/proc/meminfo") as fh:
        for line in fh:
            key, rest = line.split(":", 1)
            out[key] = int(rest.split()[0])
    return out


def cpu_model() -> str:
    with open("/proc/cpuinfo") as fh:
        for line in fh:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor()


def disks() -> Dict[str, float]:
    result = {}
    for mount in ("/", "/home", "/var"):
        if os.path.ismount(mount):
            usage = shutil.disk_usage(mount)
            result[mount] = round(usage.used / usage.total * 100, 1)
    return result


def main() -> None:
    facts = {
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "?"),
        "os": os_release().get("PRETTY_NAME"),
        "kernel": platform.release(),
        "cpu": cpu_model(),
        "mem_total_kb": meminfo().get("MemTotal"),
        "disk_used_pct": disks(),
        "load": os.getloadavg(),
    }
    print(json.dumps(facts, indent=2))


if __name__ == "__main__":
    main()
