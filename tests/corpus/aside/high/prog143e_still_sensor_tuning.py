#!/usr/bin/env python3
"""Tune the solvent still logging PC for bursty sensor traffic.

The still's controller sends a burst of UDP samples at the end of each
distillation cycle; with default buffers the PC drops part of it and the
cycle log has gaps. This applies the buffer sizes from the vendor note and
restarts the logger service so it picks them up.
"""

import argparse
import configparser
import logging
import os
import subprocess
import sys

log = logging.getLogger("still-tune")

PROC_BASE = "/proc/sys"
# key -> value from the vendor's tuning note, rev C
WANTED = {
    "net.core.rmem_max": "8388608",
    "net.core.rmem_default": "1048576",
    "net.core.netdev_max_backlog": "5000",
}
SERVICE = "still-logger.service"


def key_path(key):
    return os.path.join(PROC_BASE, *key.split("."))


def current(key):
    try:
        with open(key_path(key)) as fh:
            return fh.read().strip()
    except OSError:
        return None


def apply_direct(key, value):
    """Write the value straight into /proc/sys; works when run as root."""
    with open(key_path(key), "w") as fh:
        fh.write(value)


def apply_tool(key, value):
    return subprocess.run(["sysctl", "-w", "%s=%s" % (key, value)],
                          capture_output=True, text=True).returncode == 0


class Tuner:
    def __init__(self, wanted, dry=False):
        self.wanted = wanted
        self.dry = dry
        self.changed = []

    def plan(self):
        for key, value in self.wanted.items():
            cur = current(key)
            if cur != value:
                yield key, cur, value

    def apply(self):
        for key, cur, value in self.plan():
            log.info("%s: %s -> %s", key, cur, value)
            if self.dry:
                continue
            try:
                apply_direct(key, value)
            except PermissionError:
                if not apply_tool(key, value):
                    log.error("could not set %s", key)
                    continue
            self.changed.append(key)
        return self.changed


def restart_logger(dry):
    cmd = ["systemctl", "restart", SERVICE]
    log.info("$ %s", " ".join(cmd))
    if dry:
        return True
    return subprocess.call(cmd) == 0


def load_overrides(path, wanted):
    cp = configparser.ConfigParser()
    if cp.read(path) and cp.has_section("sysctl"):
        for k, v in cp.items("sysctl"):
            wanted[k] = v
    return wanted


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="still_tuning.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    wanted = load_overrides(args.config, dict(WANTED))
    tuner = Tuner(wanted, args.dry_run)
    changed = tuner.apply()
    if not changed and not args.dry_run:
        log.info("already tuned")
        return 0
    if not args.no_restart and not restart_logger(args.dry_run):
        log.error("logger restart failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
