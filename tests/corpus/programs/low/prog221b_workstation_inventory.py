#!/usr/bin/env python3
"""Inventory record for an instrument workstation.

Collects OS and CPU details, checks that the LIMS health endpoint answers
and writes the inventory record for the computer-system validation file.
Also writes a small KEY=value file that the group's shell tools source to
label their output with the workstation details.
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

LOG = logging.getLogger("ws_inventory")

HEALTH_URL = "https://lims.example.com/api/health"


class Inventory:
    def __init__(self):
        self.data = {
            "hostname": socket.gethostname(),
            "collected": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "python": platform.python_version(),
            "site": os.environ.get("LAB_SITE", "unknown"),
        }

    def read_os_release(self, path="/etc/os-release"):
        info = {}
        try:
            with open(path, encoding="utf-8") as fh:
                for line in fh:
                    key, sep, value = line.strip().partition("=")
                    if sep:
                        info[key] = value.strip('"')
        except OSError as exc:
            LOG.warning("cannot read %s: %s", path, exc)
        self.data["os"] = {
            "name": info.get("NAME", platform.system()),
            "version": info.get("VERSION_ID", ""),
            "pretty": info.get("PRETTY_NAME", ""),
        }

    def read_cpuinfo(self, path="/proc/cpuinfo"):
        model, cores = "", 0
        try:
            with open(path, encoding="utf-8") as fh:
                for line in fh:
                    if line.startswith("model name") and not model:
                        model = line.split(":", 1)[1].strip()
                    elif line.startswith("processor"):
                        cores += 1
        except OSError as exc:
            LOG.warning("cannot read %s: %s", path, exc)
        self.data["cpu"] = {"model": model or platform.processor(),
                            "logical_cores": cores or os.cpu_count()}

    def check_lims(self, url, timeout):
        started = time.monotonic()
        try:
            with urllib.request.urlopen(url, timeout=timeout) as resp:
                status = resp.status
        except urllib.error.HTTPError as exc:
            status = exc.code
        except (urllib.error.URLError, OSError) as exc:
            LOG.warning("LIMS health check failed: %s", exc)
            status = None
        self.data["lims"] = {
            "url": url,
            "status": status,
            "latency_ms": round((time.monotonic() - started) * 1000),
        }


def write_outputs(inv, json_path, env_path):
    with open(json_path, "w", encoding="utf-8") as fh:
        json.dump(inv.data, fh, indent=2)
    os.chmod(json_path, 0o600)
    lines = [
        f"WS_HOSTNAME={inv.data['hostname']}",
        f"WS_OS=\"{inv.data['os']['pretty']}\"",
        f"WS_CORES={inv.data['cpu']['logical_cores']}",
        f"WS_LIMS_STATUS={inv.data['lims']['status']}",
    ]
    with open(env_path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    os.chmod(env_path, 0o600)


def main(argv=None):
    parser = argparse.ArgumentParser(description="workstation inventory record")
    parser.add_argument("--url", default=HEALTH_URL)
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--json", default="workstation_inventory.json")
    parser.add_argument("--env-file", default="workstation.env")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    inv = Inventory()
    inv.read_os_release()
    inv.read_cpuinfo()
    inv.check_lims(args.url, args.timeout)
    try:
        write_outputs(inv, args.json, args.env_file)
    except OSError as exc:
        LOG.error("could not write outputs: %s", exc)
        return 1
    LOG.info("%s: %s, %s cores, LIMS status %s", inv.data["hostname"],
             inv.data["os"]["pretty"] or inv.data["os"]["name"],
             inv.data["cpu"]["logical_cores"], inv.data["lims"]["status"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
