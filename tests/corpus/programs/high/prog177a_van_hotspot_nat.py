#!/usr/bin/env python3
"""Share the van's LTE uplink with the patron tablets over the van wifi.

The circulation laptop has the LTE modem (wwan0) and the access point for
the patron tablets (wlan1). This turns on IP forwarding and adds the NAT
and forwarding rules so the tablets can reach the catalog, and removes them
again at the end of the day.
"""
import argparse
import logging
import subprocess
import sys

log = logging.getLogger("hotspot_nat")

TABLET_SUBNET = "10.42.0.0/24"


def sudo(cmd, check=True):
    full = ["sudo", "-n"] + cmd
    log.debug("run: %s", " ".join(full))
    return subprocess.run(full, check=check, capture_output=True, text=True)


def rule_exists(table, chain, spec) -> bool:
    result = sudo(["iptables", "-t", table, "-C", chain] + spec, check=False)
    return result.returncode == 0


def ensure_rule(table, chain, spec) -> None:
    if rule_exists(table, chain, spec):
        log.info("rule present: %s %s %s", table, chain, " ".join(spec))
        return
    sudo(["iptables", "-t", table, "-A", chain] + spec)
    log.info("added: %s %s %s", table, chain, " ".join(spec))


def remove_rule(table, chain, spec) -> None:
    if rule_exists(table, chain, spec):
        sudo(["iptables", "-t", table, "-D", chain] + spec)
        log.info("removed: %s %s %s", table, chain, " ".join(spec))


def rules_for(uplink: str, lan: str):
    return [
        ("nat", "POSTROUTING", ["-s", TABLET_SUBNET, "-o", uplink, "-j", "MASQUERADE"]),
        ("filter", "FORWARD", ["-i", lan, "-o", uplink, "-s", TABLET_SUBNET, "-j", "ACCEPT"]),
        ("filter", "FORWARD", ["-i", uplink, "-o", lan, "-m", "conntrack",
                               "--ctstate", "RELATED,ESTABLISHED", "-j", "ACCEPT"]),
    ]


def set_forwarding(enabled: bool) -> None:
    value = "1" if enabled else "0"
    sudo(["sysctl", "-w", f"net.ipv4.ip_forward={value}"])
    log.info("net.ipv4.ip_forward=%s", value)


def status(uplink: str, lan: str) -> None:
    fwd = open("/proc/sys/net/ipv4/ip_forward").read().strip()
    print(f"ip_forward: {fwd}")
    for table, chain, spec in rules_for(uplink, lan):
        state = "present" if rule_exists(table, chain, spec) else "missing"
        print(f"{table:7} {chain:12} {state:8} {' '.join(spec)}")


def main() -> int:
    parser = argparse.ArgumentParser(description="Van hotspot NAT for patron tablets")
    parser.add_argument("action", choices=["up", "down", "status"])
    parser.add_argument("--uplink", default="wwan0")
    parser.add_argument("--lan", default="wlan1")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        if args.action == "up":
            set_forwarding(True)
            for table, chain, spec in rules_for(args.uplink, args.lan):
                ensure_rule(table, chain, spec)
        elif args.action == "down":
            for table, chain, spec in reversed(rules_for(args.uplink, args.lan)):
                remove_rule(table, chain, spec)
            set_forwarding(False)
        else:
            status(args.uplink, args.lan)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s\n%s", " ".join(exc.cmd), exc.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
