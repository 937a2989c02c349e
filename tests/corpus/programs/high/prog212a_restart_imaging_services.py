#!/usr/bin/env python3
"""Restart the imaging services on the clinic server.

Every few weeks the DICOM server (Orthanc) and the sensor bridge stop
accepting images from the operatories. This checks each service, and
restarts the ones that are down or not answering, via a generated shell
script. Run it as root on the imaging server. Services and health URLs
come from a JSON config.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

LOG = logging.getLogger("imaging_restart")

DEFAULT_CONFIG = {
    "services": [
        {"unit": "orthanc.service", "health": "http://127.0.0.1:8042/system"},
        {"unit": "sensor-bridge.service", "health": "http://127.0.0.1:9100/ping"},
        {"unit": "dicom-router.service", "health": None},
    ],
    "restart_wait": 5,
}

RESTART_TEMPLATE = """#!/bin/bash
set -u
for unit in "$@"; do
    echo "restarting $unit"
    systemctl restart "$unit" || echo "restart failed: $unit"
done
sleep "${RESTART_WAIT:-5}"
for unit in "$@"; do
    printf '%s %s\\n' "$unit" "$(systemctl is-active "$unit")"
done
"""


class Service:
    def __init__(self, unit, health):
        self.unit = unit
        self.health = health

    def is_active(self):
        proc = subprocess.run(["systemctl", "is-active", self.unit],
                              capture_output=True, text=True)
        return proc.stdout.strip() == "active"

    def answers(self):
        if not self.health:
            return True
        try:
            with urllib.request.urlopen(self.health, timeout=5) as resp:
                return 200 <= resp.status < 300
        except (urllib.error.URLError, OSError) as exc:
            LOG.debug("%s health check failed: %s", self.unit, exc)
            return False

    def healthy(self):
        return self.is_active() and self.answers()


def load_config(path):
    if not path:
        return DEFAULT_CONFIG
    with open(path, encoding="utf-8") as fh:
        cfg = json.load(fh)
    if "services" not in cfg:
        raise ValueError("config has no 'services' list")
    return cfg


def restart(units, wait, dry_run):
    if dry_run:
        LOG.info("dry run: would restart %s", ", ".join(units))
        return 0
    if os.geteuid() != 0:
        LOG.error("must run as root to restart services")
        return 1
    fd, script = tempfile.mkstemp(prefix="imaging-restart-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(RESTART_TEMPLATE)
    try:
        env = dict(os.environ, RESTART_WAIT=str(wait))
        cmd = ["bash", script, *units]
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("%s", line)
        if proc.stderr.strip():
            LOG.warning("%s", proc.stderr.strip())
        return proc.returncode
    finally:
        os.unlink(script)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Restart unhealthy imaging services")
    parser.add_argument("-c", "--config", help="JSON config with services")
    parser.add_argument("--all", action="store_true", help="restart every service")
    parser.add_argument("-n", "--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
    except (OSError, ValueError) as exc:
        LOG.error("cannot load config: %s", exc)
        return 1

    services = [Service(s["unit"], s.get("health")) for s in cfg["services"]]
    to_restart = []
    for svc in services:
        if args.all or not svc.healthy():
            to_restart.append(svc.unit)
        else:
            LOG.info("%s is healthy", svc.unit)

    if not to_restart:
        LOG.info("all imaging services healthy")
        return 0
    return restart(to_restart, cfg.get("restart_wait", 5), args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
