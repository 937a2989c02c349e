#!/usr/bin/env python3
"""Route visiting crews on the clubhouse guest Wi-Fi to the regatta info page.

Enables forwarding on the clubhouse router box and adds a dedicated NAT
chain that sends guest HTTP traffic to the local info server until the
regatta ends.  `--remove` takes the chain out again.
"""
import argparse
import logging
import os
import subprocess
from functools import partial

log = logging.getLogger("wifigate")

CHAIN = "REGATTA_PORTAL"
FORWARD_KNOB = "/proc/sys/net/ipv4/ip_forward"


def _tool(name):
    prefix = [] if os.geteuid() == 0 else ["sudo"]
    return partial(_call, prefix + [name])


def _call(base, *args, check=True):
    cmd = base + list(args)
    log.debug("%s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


nat = partial(_tool("iptables"), "-t", "nat")
knob = _tool("sysctl")


def set_forwarding(on):
    value = "1" if on else "0"
    try:
        with open(FORWARD_KNOB, "w") as fh:
            fh.write(value)
    except PermissionError:
        knob("-w", f"net.ipv4.ip_forward={value}")
    log.info("ip forwarding %s", "on" if on else "off")


def chain_exists():
    return nat("-L", CHAIN, "-n", check=False).returncode == 0


def install(iface, portal_ip, portal_port, allow):
    if not chain_exists():
        nat("-N", CHAIN)
    nat("-F", CHAIN)
    for host in allow:
        nat("-A", CHAIN, "-d", host, "-j", "RETURN")
    nat("-A", CHAIN, "-p", "tcp", "--dport", "80",
        "-j", "DNAT", "--to-destination", f"{portal_ip}:{portal_port}")
    hook = ("PREROUTING", "-i", iface, "-j", CHAIN)
    if nat("-C", *hook, check=False).returncode != 0:
        nat("-I", *hook)
    set_forwarding(True)
    log.info("guest traffic on %s now goes to %s:%s", iface, portal_ip, portal_port)


def remove(iface):
    nat("-D", "PREROUTING", "-i", iface, "-j", CHAIN, check=False)
    if chain_exists():
        nat("-F", CHAIN)
        nat("-X", CHAIN)
    set_forwarding(False)
    log.info("portal redirect removed from %s", iface)


ACTIONS = {"install": install, "remove": remove}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--iface", default="wlan1")
    ap.add_argument("--portal-ip", default="10.20.0.1")
    ap.add_argument("--portal-port", default="8080")
    ap.add_argument("--allow", action="append", default=[],
                    help="destination that bypasses the portal (repeatable)")
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        if args.remove:
            ACTIONS["remove"](args.iface)
        else:
            ACTIONS["install"](args.iface, args.portal_ip, args.portal_port, args.allow)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc.stderr.strip() if exc.stderr else exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
