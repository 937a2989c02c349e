#!/usr/bin/env python3
"""Open the studio PC's firewall for the kiln controllers on the shop LAN.

The kiln controllers push status over Modbus/TCP and a small HTTP API. This
adds narrowly scoped ACCEPT rules for the controller subnet only, and can
list or remove the rules it added (they carry a comment tag).
"""
import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys

log = logging.getLogger("kiln-fw")

TAG = "kiln-studio"

SERVICES = [
    {"name": "modbus", "proto": "tcp", "port": 502},
    {"name": "controller-api", "proto": "tcp", "port": 8080},
    {"name": "discovery", "proto": "udp", "port": 30303},
]


def iptables(*args, check=True):
    binary = shutil.which("iptables") or "/usr/sbin/iptables"
    cmd = ["sudo", binary, "-w"] + list(args)
    log.debug("%s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def rule_spec(subnet, svc):
    return [
        "INPUT",
        "-s", str(subnet),
        "-p", svc["proto"],
        "--dport", str(svc["port"]),
        "-m", "comment", "--comment", f"{TAG}:{svc['name']}",
        "-j", "ACCEPT",
    ]


def rule_exists(spec):
    return iptables("-C", *spec, check=False).returncode == 0


def add_rules(subnet):
    added = 0
    for svc in SERVICES:
        spec = rule_spec(subnet, svc)
        if rule_exists(spec):
            log.info("rule for %s already present", svc["name"])
            continue
        iptables("-I", *spec)
        added += 1
        log.info("allowed %s/%s from %s", svc["proto"], svc["port"], subnet)
    return added


def remove_rules(subnet):
    removed = 0
    for svc in SERVICES:
        spec = rule_spec(subnet, svc)
        while rule_exists(spec):
            iptables("-D", *spec)
            removed += 1
    log.info("removed %d rules", removed)
    return removed


def list_rules():
    out = iptables("-S", "INPUT").stdout
    mine = [line for line in out.splitlines() if TAG in line]
    for line in mine:
        print(line)
    return len(mine)


def parse_subnet(text):
    net = ipaddress.ip_network(text, strict=False)
    if not net.is_private and not net.subnet_of(ipaddress.ip_network("192.0.2.0/24")):
        raise ValueError(f"{net} is not a LAN subnet")
    if net.prefixlen < 16:
        raise ValueError("subnet too wide")
    return net


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["add", "remove", "list"])
    ap.add_argument("--subnet", default="192.0.2.0/24")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        subnet = parse_subnet(args.subnet)
    except ValueError as exc:
        log.error("%s", exc)
        return 2
    try:
        if args.action == "add":
            add_rules(subnet)
        elif args.action == "remove":
            remove_rules(subnet)
        else:
            list_rules()
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", exc.stderr.strip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
