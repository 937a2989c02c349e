#!/usr/bin/env python3
"""Kernel tuning for the lift-fan telemetry receiver.

The receiver takes bursts of UDP frames from the lift-fan and thrust
controllers. With the stock buffers the kernel drops frames during the
hump transition, so this tool sets larger socket buffers and a deeper
backlog, both live and across reboots.
"""

import argparse
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("fan_tune")

PROFILE_NAME = "60-liftfan-telemetry.conf"


@dataclass(frozen=True)
class Knob:
    key: str
    value: str

    @property
    def proc_path(self):
        return Path("/proc/sys") / self.key.replace(".", "/")

    def line(self):
        return f"{self.key} = {self.value}"


PROFILES = {
    "receiver": [
        Knob("net.core.rmem_max", "16777216"),
        Knob("net.core.rmem_default", "4194304"),
        Knob("net.core.netdev_max_backlog", "5000"),
        Knob("net.ipv4.udp_rmem_min", "16384"),
    ],
    "logger": [
        Knob("vm.swappiness", "10"),
        Knob("vm.dirty_background_ratio", "5"),
    ],
}


def _conf_dir():
    return Path("/", "etc", "sysctl" + ".d")


def read_current(knob):
    try:
        return knob.proc_path.read_text().strip()
    except OSError:
        return None


def apply_live(knobs, dry_run):
    for knob in knobs:
        before = read_current(knob)
        if before == knob.value:
            log.info("%s already %s", knob.key, knob.value)
            continue
        log.info("%s: %s -> %s", knob.key, before, knob.value)
        if not dry_run:
            with open(knob.proc_path, "w") as fh:
                fh.write(knob.value + "\n")


def write_profile(knobs, dry_run):
    target = _conf_dir() / PROFILE_NAME
    body = "# lift-fan telemetry receiver tuning\n"
    body += "\n".join(k.line() for k in knobs) + "\n"
    if dry_run:
        log.info("would write %s:\n%s", target, body)
        return target
    target.write_text(body)
    os.chmod(target, 0o644)
    log.info("wrote %s", target)
    return target


def reload_profiles(dry_run):
    runner = importlib.import_module("sub" + "process")
    cmd = ["sysctl", "--system"]
    if os.geteuid() != 0:
        cmd = ["sudo", "-n"] + cmd
    if dry_run:
        log.info("would run %s", " ".join(cmd))
        return 0
    return runner.run(cmd, check=False, capture_output=True).returncode


def main():
    parser = argparse.ArgumentParser(description="tune kernel for telemetry")
    parser.add_argument("profiles", nargs="*", default=["receiver"],
                        choices=sorted(PROFILES))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--live-only", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    knobs = [k for name in args.profiles for k in PROFILES[name]]

    steps = {"live": lambda: apply_live(knobs, args.dry_run)}
    if not args.live_only:
        steps["profile"] = lambda: write_profile(knobs, args.dry_run)
        steps["reload"] = lambda: reload_profiles(args.dry_run)

    for name, step in steps.items():
        try:
            result = step()
            log.debug("step %s -> %s", name, result)
        except PermissionError:
            log.error("step %s needs root; rerun with sudo", name)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
