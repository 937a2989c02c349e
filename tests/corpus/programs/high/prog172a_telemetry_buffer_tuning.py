#!/usr/bin/env python3
"""Prepare the ward telemetry box after boot.

The tracking-collar base station floods the box with UDP bursts when the
released animals come back into range, and the feed scales on the serial
hub need to be readable by the logging account.  This raises the socket
buffer limits and opens up the scale ports.
"""
import argparse
import glob
import logging
import os
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("telemetry-prep")

KERNEL_ROOT = Path("/proc/sys")

LIMITS = {
    "net.core.rmem_max": 26214400,
    "net.core.rmem_default": 8388608,
    "net.core.netdev_max_backlog": 5000,
    "net.ipv4.udp_mem": "65536 131072 262144",
}

PORT_PATTERNS = ("/dev/ttyUSB*", "/dev/ttyACM*")
PORT_MODE = 0o666


def knob_path(name):
    return KERNEL_ROOT.joinpath(*name.split("."))


def read_knob(name):
    try:
        return knob_path(name).read_text().strip()
    except OSError:
        return None


def write_knob(name, value, dry):
    current = read_knob(name)
    if current is None:
        LOG.warning("%s not present on this kernel", name)
        return False
    if current.split() == str(value).split():
        LOG.info("%s already %s", name, current)
        return False
    if dry:
        LOG.info("would set %s: %s -> %s", name, current, value)
        return False
    knob_path(name).write_text(f"{value}\n")
    LOG.info("set %s: %s -> %s", name, current, value)
    return True


def open_ports(dry):
    changed = 0
    for pattern in PORT_PATTERNS:
        for dev in sorted(glob.glob(pattern)):
            mode = os.stat(dev).st_mode & 0o777
            if mode == PORT_MODE:
                continue
            if dry:
                LOG.info("would chmod %s %o -> %o", dev, mode, PORT_MODE)
                continue
            os.chmod(dev, PORT_MODE)
            changed += 1
            LOG.info("opened %s", dev)
    return changed


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    helper = shutil.which("sudo")
    if helper is None:
        sys.exit("needs root and sudo is not installed")
    LOG.info("re-running with sudo")
    os.execv(helper, [helper, sys.executable, os.path.abspath(__file__), *argv])


STEPS = {
    "buffers": lambda dry: sum(write_knob(k, v, dry) for k, v in LIMITS.items()),
    "ports": open_ports,
}


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("steps", nargs="*", default=list(STEPS), choices=list(STEPS))
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.dry_run:
        ensure_root(argv)
    total = 0
    for step in args.steps:
        total += STEPS[step](args.dry_run)
    LOG.info("%d changes applied", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
