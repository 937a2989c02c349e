#!/usr/bin/env python3
"""Open (or close) the UDP ports a Valheim dedicated server needs.

Adds iptables ACCEPT rules for the game and query ports, tagged with a
comment so they can be listed and removed later. Must run as root."""
import argparse
import os
import shutil
import subprocess
import sys

COMMENT = "valheim-server"
DEFAULT_BASE = 2456


def iptables(*args, check=True):
    cmd = ["iptables", *args]
    print("+", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def rule_spec(port_range):
    return ["INPUT", "-p", "udp", "--dport", port_range,
            "-m", "comment", "--comment", COMMENT, "-j", "ACCEPT"]


def rule_exists(port_range):
    res = iptables("-C", *rule_spec(port_range), check=False)
    return res.returncode == 0


def open_ports(base):
    port_range = f"{base}:{base + 2}"
    if rule_exists(port_range):
        print(f"ports {port_range}/udp already open")
        return
    iptables("-I", *rule_spec(port_range))
    print(f"opened {port_range}/udp for Valheim")


def close_ports(base):
    port_range = f"{base}:{base + 2}"
    removed = 0
    while rule_exists(port_range):
        iptables("-D", *rule_spec(port_range))
        removed += 1
    print(f"removed {removed} rule(s) for {port_range}/udp")


def list_rules():
    res = iptables("-S", "INPUT")
    lines = [l for l in res.stdout.splitlines() if COMMENT in l]
    if not lines:
        print("no Valheim rules present")
    for line in lines:
        print(line)


def save_rules():
    if shutil.which("netfilter-persistent"):
        subprocess.run(["netfilter-persistent", "save"], check=False)
        print("rules saved with netfilter-persistent")
    else:
        print("netfilter-persistent not installed; rules last until reboot")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["open", "close", "list"])
    ap.add_argument("--base-port", type=int, default=DEFAULT_BASE)
    ap.add_argument("--save", action="store_true", help="persist rules after change")
    args = ap.parse_args()

    if os.geteuid() != 0:
        print("this tool must be run as root", file=sys.stderr)
        return 1
    if not shutil.which("iptables"):
        print("iptables not found", file=sys.stderr)
        return 1

    if args.action == "open":
        open_ports(args.base_port)
    elif args.action == "close":
        close_ports(args.base_port)
    else:
        list_rules()
    if args.save and args.action != "list":
        save_rules()
    return 0


if __name__ == "__main__":
    sys.exit(main())
