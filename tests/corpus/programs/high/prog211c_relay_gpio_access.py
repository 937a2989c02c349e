#!/usr/bin/env python3
"""Relay GPIO access for the solenoid test rig.

The test rig fires individual chest solenoids from a Raspberry Pi so that
sticking pallets can be found. This helper gives the rig's service account
access to the GPIO device and then runs the pulse sequence as that account.
"""
import argparse
import grp
import logging
import os
import pwd
import subprocess
import sys

LOG = logging.getLogger("relay-gpio")
DEVICES = ["/dev/gpiomem", "/dev/gpiochip0"]

PULSE = r"""
for pin in $PINS; do
    echo "pulse $pin"
    gpioset --mode=time --usec="$PULSE_US" gpiochip0 "$pin"=1 2>/dev/null || echo "pin $pin failed"
    sleep 0.2
done
"""


def grant_devices(group, dry_run):
    for dev in DEVICES:
        if not os.path.exists(dev):
            LOG.debug("%s absent", dev)
            continue
        cmd = f"chgrp {group} {dev} && chmod 0660 {dev}"
        if os.geteuid() != 0:
            cmd = f"sudo sh -c '{cmd}'"
        LOG.info("granting %s to group %s", dev, group)
        if not dry_run:
            subprocess.run(cmd, shell=True, check=False)


def drop_to(user):
    """When started as root, switch to the service account before pulsing."""
    if os.geteuid() != 0:
        return
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups + [pw.pw_gid])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    LOG.info("now running as %s (uid %d)", user, os.getuid())


def pulse(pins, usec):
    env = dict(os.environ, PINS=" ".join(str(p) for p in pins), PULSE_US=str(usec))
    proc = subprocess.run(["bash", "-c", PULSE], env=env, capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        LOG.info(line)
    return proc.returncode


def parse_pins(spec):
    pins = []
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-")
            pins.extend(range(int(a), int(b) + 1))
        else:
            pins.append(int(part))
    return pins


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pins", default="17,27,22", help="e.g. 2-9,17")
    ap.add_argument("--usec", type=int, default=150000)
    ap.add_argument("--user", default="rig")
    ap.add_argument("--group", default="gpio")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    try:
        pins = parse_pins(args.pins)
    except ValueError:
        LOG.error("bad pin list %r", args.pins)
        return 2
    grant_devices(args.group, args.dry_run)
    try:
        drop_to(args.user)
    except (KeyError, PermissionError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        return 1
    if args.dry_run:
        LOG.info("would pulse pins %s", pins)
        return 0
    return pulse(pins, args.usec)


if __name__ == "__main__":
    sys.exit(main())
