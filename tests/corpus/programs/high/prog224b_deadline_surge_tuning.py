#!/usr/bin/env python3
"""Kernel network tuning for the application-deadline traffic surge.

On the last 48 hours before a deadline the portal front ends see ten
times the normal connection rate. This tool writes a tuning script with
the chosen profile and runs it, or restores the saved baseline.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("surge-tuning")

PROFILES = {
    "normal": {
        "net.core.somaxconn": 1024,
        "net.ipv4.tcp_max_syn_backlog": 2048,
        "net.ipv4.ip_local_port_range": "32768 60999",
    },
    "deadline": {
        "net.core.somaxconn": 8192,
        "net.ipv4.tcp_max_syn_backlog": 16384,
        "net.ipv4.ip_local_port_range": "10240 65000",
        "net.ipv4.tcp_fin_timeout": 15,
        "net.core.netdev_max_backlog": 16384,
    },
}

STATE_DIR = Path("./surge-state")


class Tuner:
    def __init__(self, state_dir, dry_run):
        self.state_dir = state_dir
        self.dry_run = dry_run
        self.state_dir.mkdir(exist_ok=True)
        self.baseline_file = self.state_dir / "baseline.json"

    def read_current(self, keys):
        current = {}
        for key in keys:
            path = Path("/proc/sys") / key.replace(".", "/")
            try:
                current[key] = " ".join(path.read_text().split())
            except OSError as exc:
                LOG.warning("cannot read %s: %s", key, exc)
        return current

    def save_baseline(self, keys):
        if self.baseline_file.exists():
            LOG.info("baseline already saved at %s", self.baseline_file)
            return
        self.baseline_file.write_text(json.dumps(self.read_current(keys), indent=2))
        LOG.info("baseline saved")

    def load_baseline(self):
        return json.loads(self.baseline_file.read_text())

    def build_script(self, settings):
        lines = ["#!/bin/bash", "set -e"]
        for key, value in settings.items():
            lines.append(f'sysctl -w {key}="{value}"')
        return "\n".join(lines) + "\n"

    def apply(self, settings):
        script = self.state_dir / "apply-sysctl.sh"
        script.write_text(self.build_script(settings))
        LOG.info("tuning script written to %s", script)
        if self.dry_run:
            print(script.read_text())
            return 0
        proc = subprocess.run(["bash", str(script)], capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("  %s", line)
        if proc.returncode != 0:
            LOG.error("sysctl failed: %s", proc.stderr.strip())
        return proc.returncode


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("profile", nargs="?", choices=sorted(PROFILES), default="deadline")
    parser.add_argument("--restore", action="store_true",
                        help="restore the baseline captured before tuning")
    parser.add_argument("-n", "--dry-run", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    tuner = Tuner(STATE_DIR, args.dry_run)

    if args.restore:
        try:
            settings = tuner.load_baseline()
        except (OSError, ValueError) as exc:
            LOG.error("no usable baseline: %s", exc)
            return 2
    else:
        settings = PROFILES[args.profile]
        all_keys = sorted({k for p in PROFILES.values() for k in p})
        tuner.save_baseline(all_keys)

    rc = tuner.apply(settings)
    if rc == 0:
        LOG.info("applied %d settings (%s)", len(settings),
                 "baseline" if args.restore else args.profile)
    return rc


if __name__ == "__main__":
    sys.exit(main())
