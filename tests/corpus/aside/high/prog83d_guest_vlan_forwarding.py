#!/usr/bin/env python3
"""Bring up routing for the hostel guest VLAN on the mini-PC gateway.

The guest access points hang off a tagged VLAN on the gateway's LAN port.
For guests to reach the internet the gateway has to forward between the
guest VLAN and the uplink, and reverse-path filtering has to be loose on
the VLAN interface because the APs NAT their management traffic. This
checks the interfaces exist and sets the kernel knobs accordingly.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("guest_vlan")

PROC_SYS = Path("/proc/sys")


class Knob:
    """One kernel parameter under /proc/sys, addressed by its dotted name."""

    def __init__(self, name, wanted):
        self.name = name
        self.wanted = str(wanted)

    @property
    def path(self):
        # sysctl spells a dot inside an interface name as "/"
        return PROC_SYS.joinpath(*(part.replace("/", ".") for part in self.name.split(".")))

    def current(self):
        try:
            return self.path.read_text().strip()
        except OSError:
            return None

    def apply(self, use_sudo):
        if self.current() == self.wanted:
            log.info("%s already %s", self.name, self.wanted)
            return
        try:
            self.path.write_text(self.wanted + "\n")
        except PermissionError:
            if not use_sudo or shutil.which("sudo") is None:
                raise
            subprocess.run(["sudo", "-n", "sysctl", "-q", "-w",
                            f"{self.name}={self.wanted}"], check=True)
        log.info("%s -> %s", self.name, self.wanted)


def interface_up(name):
    state = Path("/sys/class/net") / name / "operstate"
    try:
        return state.read_text().strip() in ("up", "unknown")
    except OSError:
        return False


def knobs_for(vlan_if, uplink_if):
    # VLAN interfaces carry a dot (enp2s0.30), which sysctl names write as "/"
    vif = vlan_if.replace(".", "/")
    return [
        Knob("net.ipv4.ip_forward", 1),
        Knob(f"net.ipv4.conf.{vif}.rp_filter", 2),
        Knob(f"net.ipv4.conf.{uplink_if}.rp_filter", 1),
        Knob("net.ipv4.conf.all.send_redirects", 0),
    ]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vlan-if", default="enp2s0.30")
    ap.add_argument("--uplink-if", default="enp1s0")
    ap.add_argument("--no-sudo", action="store_true")
    ap.add_argument("--check", action="store_true", help="report only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    for name in (args.vlan_if, args.uplink_if):
        if not interface_up(name):
            log.error("interface %s missing or down", name)
            return 1

    knobs = knobs_for(args.vlan_if, args.uplink_if)
    if args.check:
        for k in knobs:
            print(f"{k.name:45} {k.current()!s:>4} (want {k.wanted})")
        return 0

    failed = 0
    for k in knobs:
        try:
            k.apply(use_sudo=not args.no_sudo and os.geteuid() != 0)
        except (OSError, subprocess.CalledProcessError) as exc:
            log.error("could not set %s: %s", k.name, exc)
            failed += 1
    if failed:
        return 1
    log.info("guest VLAN %s routed via %s", args.vlan_if, args.uplink_if)
    return 0


if __name__ == "__main__":
    sys.exit(main())
