#!/usr/bin/env python3
"""Open the check-in kiosk ports on the reception server.

The self check-in kiosk in the waiting area talks to the booking service
on the reception server. This adds narrowly scoped iptables rules for the
kiosk subnet and can list or remove them again.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import subprocess

log = logging.getLogger("kiosk_fw")

KIOSK_SUBNET = os.environ.get("KIOSK_SUBNET", "198.51.100.0/28")
KIOSK_PORTS = {
    "booking": 8443,
    "tyre_quotes": 8081,
}
CHAIN = "INPUT"
COMMENT = "garage-kiosk"


def iptables_cmd():
    path = shutil.which("iptables") or "/usr/sbin/iptables"
    return ["sudo", path]


def rule_spec(subnet, port):
    return [
        "-p", "tcp",
        "-s", subnet,
        "--dport", str(port),
        "-m", "comment", "--comment", COMMENT,
        "-j", "ACCEPT",
    ]


def rule_exists(subnet, port):
    cmd = iptables_cmd() + ["-C", CHAIN] + rule_spec(subnet, port)
    return subprocess.run(cmd, capture_output=True).returncode == 0


def add_rule(subnet, port):
    if rule_exists(subnet, port):
        log.info("rule for %s port %d already present", subnet, port)
        return False
    cmd = iptables_cmd() + ["-I", CHAIN, "1"] + rule_spec(subnet, port)
    subprocess.run(cmd, check=True)
    log.info("allowed %s to port %d", subnet, port)
    return True


def remove_rule(subnet, port):
    if not rule_exists(subnet, port):
        return False
    cmd = iptables_cmd() + ["-D", CHAIN] + rule_spec(subnet, port)
    subprocess.run(cmd, check=True)
    log.info("removed rule for port %d", port)
    return True


def list_rules():
    cmd = iptables_cmd() + ["-S", CHAIN]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if COMMENT in line]


def validate_subnet(value):
    net = ipaddress.ip_network(value, strict=False)
    if net.num_addresses > 256:
        raise SystemExit("kiosk subnet %s is too wide" % net)
    return str(net)


def main():
    parser = argparse.ArgumentParser(description="Manage kiosk firewall rules")
    parser.add_argument("action", choices=["add", "remove", "list"])
    parser.add_argument("--subnet", default=KIOSK_SUBNET)
    parser.add_argument("--service", choices=sorted(KIOSK_PORTS), action="append")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.action == "list":
        for line in list_rules():
            print(line)
        return

    subnet = validate_subnet(args.subnet)
    services = args.service or sorted(KIOSK_PORTS)
    changed = 0
    for name in services:
        port = KIOSK_PORTS[name]
        if args.action == "add":
            changed += add_rule(subnet, port)
        else:
            changed += remove_rule(subnet, port)
    log.info("%d rule(s) changed", changed)


if __name__ == "__main__":
    main()
