#!/usr/bin/env python3
"""Guest Wi-Fi portal rules for the tea room.

Customers on the guest SSID are redirected to the "accept the terms"
page served by the back-office mini PC until they click through.  This
script manages the NAT redirect rules for that.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import subprocess

log = logging.getLogger("guest_portal")

GUEST_IF = os.environ.get("WS_GUEST_IF", "wlan1")
PORTAL_IP = os.environ.get("WS_PORTAL_IP", "192.0.2.10")
PORTAL_PORT = int(os.environ.get("WS_PORTAL_PORT", "8080"))
GUEST_NET = os.environ.get("WS_GUEST_NET", "192.0.2.0/25")
CHAIN = "WS_GUEST_PORTAL"


def _tool():
    return shutil.which("iptables") or "/usr/sbin/iptables"


def _run(args, check=True):
    cmd = ["sudo", "-n", _tool()] + args
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


class PortalRules:
    def __init__(self, iface, portal_ip, port, net):
        self.iface = iface
        self.portal_ip = portal_ip
        self.port = port
        self.net = str(ipaddress.ip_network(net))

    def ensure_chain(self):
        if _run(["-t", "nat", "-L", CHAIN], check=False).returncode != 0:
            _run(["-t", "nat", "-N", CHAIN])
            _run(["-t", "nat", "-A", "PREROUTING", "-i", self.iface, "-j", CHAIN])

    def install(self):
        self.ensure_chain()
        _run(["-t", "nat", "-A", CHAIN, "-s", self.net, "-p", "tcp", "--dport", "80",
              "-j", "DNAT", "--to-destination", f"{self.portal_ip}:{self.port}"])
        log.info("redirecting %s on %s to %s:%s", self.net, self.iface, self.portal_ip, self.port)

    def allow(self, client_ip):
        ipaddress.ip_address(client_ip)
        _run(["-t", "nat", "-I", CHAIN, "1", "-s", client_ip, "-j", "RETURN"])
        log.info("guest %s accepted the terms", client_ip)

    def list(self):
        print(_run(["-t", "nat", "-S", CHAIN], check=False).stdout)


def main():
    parser = argparse.ArgumentParser(description="Manage guest Wi-Fi captive portal rules")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("install")
    allow = sub.add_parser("allow")
    allow.add_argument("client_ip")
    sub.add_parser("list")
    parser.add_argument("--iface", default=GUEST_IF)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    rules = PortalRules(args.iface, PORTAL_IP, PORTAL_PORT, GUEST_NET)
    actions = {"install": rules.install, "list": rules.list,
               "allow": lambda: rules.allow(args.client_ip)}
    try:
        actions[args.cmd]()
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", exc.stderr.strip())
        raise SystemExit(1)


if __name__ == "__main__":
    main()
