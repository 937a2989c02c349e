#!/usr/bin/env python3
"""Prepare a Linux host (doas or sudo) to act as a WireGuard gateway.

Steps, each of which can be skipped:
  1. load the wireguard kernel module
  2. enable IPv4 forwarding
  3. add NAT and forwarding rules for the tunnel subnet
  4. bring up the interface with wg-quick
"""
import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys

log = logging.getLogger("wg-gateway")


def elevate(cmd):
    """Prefix a command with doas, or sudo where doas is not installed."""
    helper = "doas" if shutil.which("doas") else "sudo"
    return [helper, *cmd]


def run(cmd, check=True):
    full = elevate(cmd)
    log.info("+ %s", " ".join(full))
    proc = subprocess.run(full, capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed ({proc.returncode}): {proc.stderr.strip()}")
    return proc


def rule_exists(table, chain, spec):
    proc = run(["iptables", "-t", table, "-C", chain, *spec], check=False)
    return proc.returncode == 0


def ensure_rule(table, chain, spec):
    if rule_exists(table, chain, spec):
        log.info("rule already present in %s/%s", table, chain)
        return
    run(["iptables", "-t", table, "-A", chain, *spec])


def configure(args):
    subnet = str(ipaddress.ip_network(args.subnet, strict=False))
    steps = []
    if not args.skip_module:
        steps.append(("load module", lambda: run(["modprobe", "wireguard"])))
    steps.append(("forwarding", lambda: run(["sysctl", "-w", "net.ipv4.ip_forward=1"])))
    rules = [
        ("nat", "POSTROUTING", ["-s", subnet, "-o", args.uplink, "-j", "MASQUERADE"]),
        ("filter", "FORWARD", ["-i", args.iface, "-o", args.uplink, "-j", "ACCEPT"]),
        ("filter", "FORWARD", ["-i", args.uplink, "-o", args.iface, "-m", "state",
                               "--state", "RELATED,ESTABLISHED", "-j", "ACCEPT"]),
    ]
    for table, chain, spec in rules:
        steps.append((f"{table}/{chain}", lambda t=table, c=chain, s=spec: ensure_rule(t, c, s)))
    if not args.no_up:
        steps.append(("interface up", lambda: run(["wg-quick", "up", args.iface])))

    for label, action in steps:
        log.info("step: %s", label)
        action()


def main():
    parser = argparse.ArgumentParser(description="WireGuard gateway bootstrap")
    parser.add_argument("--iface", default="wg0")
    parser.add_argument("--uplink", default="eth0")
    parser.add_argument("--subnet", default="10.44.0.0/24")
    parser.add_argument("--skip-module", action="store_true")
    parser.add_argument("--no-up", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        configure(args)
    except (RuntimeError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    log.info("gateway ready on %s via %s", args.iface, args.uplink)
    return 0


if __name__ == "__main__":
    sys.exit(main())
