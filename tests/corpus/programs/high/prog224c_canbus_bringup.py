#!/usr/bin/env python3
"""Bring up the CAN bus and RS-485 links between the station controller and
the power modules after a controller swap.

Loads the CAN kernel modules, configures can0 at the bitrate of the installed
power module family, and gives the charger service group access to the
RS-485 adapter. The steps are written to a shell script and run with sudo.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("can-bringup")

BITRATES = {"pm30": 250000, "pm60": 500000, "pm150": 500000, "legacy": 125000}
MODULES = ["can", "can_raw", "can_dev", "gs_usb"]


class BringupPlan:
    def __init__(self, iface, bitrate, tty, group, restart_ms):
        self.iface = iface
        self.bitrate = bitrate
        self.tty = tty
        self.group = group
        self.restart_ms = restart_ms

    def render(self):
        mods = " ".join(MODULES)
        return f"""#!/bin/bash
set -eu
for m in {mods}; do
    if ! lsmod | grep -q "^$m "; then
        modprobe "$m" && echo "loaded $m"
    fi
done
ip link set "$CAN_IFACE" down 2>/dev/null || true
ip link set "$CAN_IFACE" type can bitrate "$CAN_BITRATE" restart-ms "$CAN_RESTART_MS"
ip link set "$CAN_IFACE" up
echo "$CAN_IFACE up at $CAN_BITRATE"
if [ -e "$RS485_TTY" ]; then
    chgrp "$RS485_GROUP" "$RS485_TTY"
    chmod 0660 "$RS485_TTY"
    echo "$RS485_TTY -> group $RS485_GROUP mode 0660"
else
    echo "no RS-485 adapter at $RS485_TTY" >&2
fi
"""

    def env(self):
        return dict(os.environ,
                    CAN_IFACE=self.iface,
                    CAN_BITRATE=str(self.bitrate),
                    CAN_RESTART_MS=str(self.restart_ms),
                    RS485_TTY=self.tty,
                    RS485_GROUP=self.group)


def check_group(name):
    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        LOG.error("group %s does not exist", name)
        return False


def run(plan):
    fd, path = tempfile.mkstemp(prefix="can-up-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(plan.render())
    try:
        proc = subprocess.run(["sudo", "-E", "bash", path], env=plan.env(),
                              capture_output=True, text=True, timeout=60)
        for line in proc.stdout.splitlines():
            LOG.info(line)
        for line in proc.stderr.splitlines():
            LOG.warning(line)
        return proc.returncode
    except subprocess.TimeoutExpired:
        LOG.error("bring-up script timed out")
        return 3
    finally:
        os.unlink(path)


def verify(iface):
    path = f"/sys/class/net/{iface}/operstate"
    try:
        with open(path) as fh:
            state = fh.read().strip()
    except FileNotFoundError:
        LOG.error("%s does not exist after bring-up", iface)
        return False
    LOG.info("%s operstate: %s", iface, state)
    return state in ("up", "unknown")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--iface", default="can0")
    p.add_argument("--module-family", choices=sorted(BITRATES), default="pm60")
    p.add_argument("--tty", default="/dev/ttyUSB0")
    p.add_argument("--group", default="charger")
    p.add_argument("--restart-ms", type=int, default=100)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not check_group(args.group):
        return 1
    plan = BringupPlan(args.iface, BITRATES[args.module_family], args.tty, args.group, args.restart_ms)
    LOG.info("bringing up %s at %d bit/s", args.iface, plan.bitrate)
    rc = run(plan)
    if rc != 0:
        LOG.error("bring-up failed rc=%s", rc)
        return rc
    return 0 if verify(args.iface) else 2


if __name__ == "__main__":
    sys.exit(main())
