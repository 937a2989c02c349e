#!/usr/bin/env python3
"""Create a NAT'd Linux bridge for libvirt/QEMU lab guests.

Creates bridge ``labbr0`` with a private subnet, enables IPv4 forwarding,
and adds MASQUERADE + FORWARD rules so guests can reach the outside world.
``--teardown`` removes exactly the rules and the bridge this tool added.
Runs privileged commands through sudo when not already root.
"""
import argparse
import ipaddress
import logging
import os
import shlex
import subprocess
import sys

log = logging.getLogger("lab-bridge")

RULE_COMMENT = "lab-bridge"


class Runner:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def __call__(self, *argv, check=True, quiet=False):
        cmd = self.prefix + [str(a) for a in argv]
        log.debug("$ %s", shlex.join(cmd))
        if self.dry_run:
            print(shlex.join(cmd))
            return subprocess.CompletedProcess(cmd, 0, "", "")
        return subprocess.run(cmd, check=check, text=True,
                              stdout=subprocess.PIPE if quiet else None,
                              stderr=subprocess.PIPE if quiet else None)


def uplink_interface(run):
    out = subprocess.run(["ip", "-o", "route", "show", "default"],
                         capture_output=True, text=True, check=True).stdout
    fields = out.split()
    return fields[fields.index("dev") + 1] if "dev" in fields else None


def nat_rules(bridge, subnet, uplink):
    return [
        ("nat", "POSTROUTING", ["-s", subnet, "!", "-d", subnet, "-o", uplink,
                                "-j", "MASQUERADE"]),
        ("filter", "FORWARD", ["-i", bridge, "-o", uplink, "-j", "ACCEPT"]),
        ("filter", "FORWARD", ["-i", uplink, "-o", bridge, "-m", "conntrack",
                               "--ctstate", "RELATED,ESTABLISHED", "-j", "ACCEPT"]),
    ]


def rule_exists(run, table, chain, spec):
    res = run("iptables", "-t", table, "-C", chain, *spec,
              "-m", "comment", "--comment", RULE_COMMENT, check=False, quiet=True)
    return res.returncode == 0


def setup(run, bridge, network, uplink):
    gw = next(network.hosts())
    if run("ip", "link", "show", bridge, check=False, quiet=True).returncode != 0:
        run("ip", "link", "add", "name", bridge, "type", "bridge")
        run("ip", "addr", "add", f"{gw}/{network.prefixlen}", "dev", bridge)
        log.info("bridge %s created with gateway %s", bridge, gw)
    run("ip", "link", "set", bridge, "up")

    run("sysctl", "-w", "net.ipv4.ip_forward=1", quiet=True)
    log.info("IPv4 forwarding enabled")

    for table, chain, spec in nat_rules(bridge, str(network), uplink):
        if rule_exists(run, table, chain, spec):
            continue
        run("iptables", "-t", table, "-A", chain, *spec,
            "-m", "comment", "--comment", RULE_COMMENT)
        log.info("added %s/%s rule: %s", table, chain, " ".join(spec))


def teardown(run, bridge, network, uplink):
    for table, chain, spec in nat_rules(bridge, str(network), uplink):
        while rule_exists(run, table, chain, spec):
            run("iptables", "-t", table, "-D", chain, *spec,
                "-m", "comment", "--comment", RULE_COMMENT)
    if run("ip", "link", "show", bridge, check=False, quiet=True).returncode == 0:
        run("ip", "link", "set", bridge, "down")
        run("ip", "link", "delete", bridge, "type", "bridge")
        log.info("bridge %s removed", bridge)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bridge", default="labbr0")
    ap.add_argument("--subnet", default="192.168.150.0/24")
    ap.add_argument("--uplink", help="outgoing interface (default: from default route)")
    ap.add_argument("--teardown", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        network = ipaddress.ip_network(args.subnet)
    except ValueError as exc:
        log.error("bad subnet: %s", exc)
        return 2
    if not network.is_private:
        log.error("refusing to NAT a public range %s", network)
        return 2

    run = Runner(args.dry_run)
    uplink = args.uplink or uplink_interface(run)
    if not uplink:
        log.error("could not determine uplink interface")
        return 2

    try:
        (teardown if args.teardown else setup)(run, args.bridge, network, uplink)
    except subprocess.CalledProcessError as exc:
        log.error("command failed (%s): %s", exc.returncode, shlex.join(exc.cmd))
        return 1
    if not args.teardown:
        log.info("attach guests with: --network bridge=%s", args.bridge)
    return 0


if __name__ == "__main__":
    sys.exit(main())
