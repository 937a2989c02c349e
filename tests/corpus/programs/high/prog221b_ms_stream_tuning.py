#!/usr/bin/env python3
"""Tune an acquisition PC for high-rate mass spectrometer data streaming.

Raises socket buffer limits so the MS data stream does not drop packets and
loads the USB serial drivers used by the autosampler.  The settings are
applied through a generated shell script so the commands can be reviewed
with --show.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
import tempfile

LOG = logging.getLogger("ms_stream_tuning")

PROFILES = {
    "standard": {
        "net.core.rmem_max": 16777216,
        "net.core.rmem_default": 1048576,
        "net.core.netdev_max_backlog": 5000,
    },
    "high": {
        "net.core.rmem_max": 67108864,
        "net.core.rmem_default": 4194304,
        "net.core.netdev_max_backlog": 20000,
        "net.ipv4.udp_rmem_min": 131072,
    },
}

MODULES = ["usbserial", "ftdi_sio"]


class TuningPlan:
    def __init__(self, profile, modules):
        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r}")
        self.profile = profile
        self.settings = PROFILES[profile]
        self.modules = modules

    def current_values(self):
        values = {}
        for key in self.settings:
            path = "/proc/sys/" + key.replace(".", "/")
            try:
                with open(path) as fh:
                    values[key] = fh.read().strip()
            except OSError:
                values[key] = "n/a"
        return values

    def script(self):
        lines = ["#!/bin/bash", "set -euo pipefail"]
        for key, value in self.settings.items():
            lines.append(f"sysctl -w {shlex.quote(key)}={int(value)}")
        for mod in self.modules:
            lines.append(f"modprobe {shlex.quote(mod)}")
        lines.append('echo "tuning profile $TUNING_PROFILE applied"')
        return "\n".join(lines) + "\n"


def apply(plan):
    fd, path = tempfile.mkstemp(prefix="ms_tuning_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(plan.script())
    try:
        env = dict(os.environ, TUNING_PROFILE=plan.profile)
        result = subprocess.run(["bash", path], env=env, capture_output=True,
                                text=True, timeout=60)
    finally:
        os.unlink(path)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or "tuning script failed")
    LOG.info(result.stdout.strip().splitlines()[-1])


def main(argv=None):
    parser = argparse.ArgumentParser(description="MS streaming kernel tuning")
    parser.add_argument("--profile", choices=sorted(PROFILES), default="standard")
    parser.add_argument("--no-modules", action="store_true",
                        help="do not load the USB serial drivers")
    parser.add_argument("--show", action="store_true",
                        help="print the generated script and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    plan = TuningPlan(args.profile, [] if args.no_modules else MODULES)
    if args.show:
        sys.stdout.write(plan.script())
        return 0
    if os.geteuid() != 0:
        LOG.error("must be run as root")
        return 1
    for key, value in plan.current_values().items():
        LOG.debug("before: %s = %s", key, value)
    try:
        apply(plan)
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("tuning failed: %s", exc)
        return 1
    for key, value in plan.current_values().items():
        LOG.info("now: %s = %s", key, value)
    return 0


if __name__ == "__main__":
    sys.exit(main())
