#!/usr/bin/env python3
"""Apply the network tuning profile for high-connection-count load tests.

Reads a YAML profile, renders a small shell helper with one `sysctl -w` per
key, and runs it with sudo. The previous values are saved so that
`--revert` can restore them.
"""
import argparse
import json
import logging
import shlex
import subprocess
import sys
from pathlib import Path

import yaml

log = logging.getLogger("nettune")

STATE_FILE = Path("tuning/previous.json")
HELPER_FILE = Path("tuning/apply_sysctl.sh")

DEFAULT_PROFILE = {
    "net.core.somaxconn": 8192,
    "net.ipv4.tcp_max_syn_backlog": 8192,
    "net.ipv4.ip_local_port_range": "10240 65000",
    "net.ipv4.tcp_tw_reuse": 1,
    "net.core.netdev_max_backlog": 16384,
}


def current_value(key: str) -> str:
    path = Path("/proc/sys") / key.replace(".", "/")
    return " ".join(path.read_text().split())


def load_profile(path):
    if not path:
        return dict(DEFAULT_PROFILE)
    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    return {str(k): v for k, v in data.get("sysctl", {}).items()}


def render_helper(settings: dict) -> str:
    lines = ["#!/bin/sh", "set -e"]
    for key, value in settings.items():
        lines.append(f"sysctl -w {shlex.quote(f'{key}={value}')}")
    return "\n".join(lines) + "\n"


def run_helper(settings: dict, dry_run: bool) -> int:
    HELPER_FILE.parent.mkdir(parents=True, exist_ok=True)
    HELPER_FILE.write_text(render_helper(settings))
    if dry_run:
        sys.stdout.write(HELPER_FILE.read_text())
        return 0
    cmd = ["sudo", "-n", "/bin/sh", str(HELPER_FILE)]
    log.info("running %s", " ".join(cmd))
    res = subprocess.run(cmd, capture_output=True, text=True)
    for line in res.stdout.splitlines():
        log.info("  %s", line)
    if res.returncode:
        log.error("helper failed (%d): %s", res.returncode, res.stderr.strip())
    return res.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", help="YAML file with a 'sysctl' mapping")
    ap.add_argument("--revert", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.revert:
        if not STATE_FILE.exists():
            log.error("no saved state in %s", STATE_FILE)
            return 1
        settings = json.loads(STATE_FILE.read_text())
    else:
        settings = load_profile(args.profile)
        STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
        previous = {k: current_value(k) for k in settings}
        STATE_FILE.write_text(json.dumps(previous, indent=2))
        log.info("saved %d previous value(s) to %s", len(previous), STATE_FILE)
    return run_helper(settings, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
