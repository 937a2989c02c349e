#!/usr/bin/env python3
"""Booking kiosk port forward.

The class-booking web app listens on 8080 as an ordinary user, but the
tablets in the studio are hard-wired to http://kiosk.local/ on port 80.
This helper adds (or removes) a NAT redirect so port 80 lands on the app,
and turns on local routing so the tablets on the second NIC can reach it.
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
import sys

log = logging.getLogger("kiosk-portfw")

APP_PORT = 8080
PUBLIC_PORT = 80
ELEVATORS = ("sudo", "doas", "pkexec")
FORWARD_KNOB = "/proc/sys/net/ipv4/ip_forward"


def elevator():
    """Pick whichever privilege helper the kiosk image ships with."""
    if os.geteuid() == 0:
        return []
    for name in ELEVATORS:
        found = shutil.which(name)
        if found:
            return [found, "-n"] if name == "sudo" else [found]
    raise RuntimeError("no privilege helper available")


def nat_rule(action, iface):
    tool = "ip" + "tables"
    return [tool, "-t", "nat", action, "PREROUTING", "-i", iface,
            "-p", "tcp", "--dport", str(PUBLIC_PORT),
            "-j", "REDIRECT", "--to-ports", str(APP_PORT)]


def run(cmd, dry_run):
    log.info("$ %s", shlex.join(cmd))
    if dry_run:
        return 0
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("command failed: %s", proc.stderr.strip())
    return proc.returncode


def rule_present(prefix, iface):
    cmd = prefix + nat_rule("-C", iface)
    return subprocess.run(cmd, capture_output=True).returncode == 0


def set_forwarding(enabled, dry_run):
    value = "1" if enabled else "0"
    if dry_run:
        log.info("would write %s to %s", value, FORWARD_KNOB)
        return
    try:
        with open(FORWARD_KNOB, "w") as fh:
            fh.write(value)
    except PermissionError:
        run(elevator() + ["sysctl", "-w", f"net.ipv4.ip_forward={value}"], False)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Redirect port 80 to the booking app")
    ap.add_argument("--iface", default="eth1", help="NIC the tablets are on")
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        prefix = elevator()
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    if args.remove:
        rc = run(prefix + nat_rule("-D", args.iface), args.dry_run)
        set_forwarding(False, args.dry_run)
        return rc

    if not args.dry_run and rule_present(prefix, args.iface):
        log.info("redirect already in place on %s", args.iface)
    else:
        rc = run(prefix + nat_rule("-A", args.iface), args.dry_run)
        if rc != 0:
            return rc
    set_forwarding(True, args.dry_run)
    log.info("tablets on %s now reach the app on :%d", args.iface, APP_PORT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
