#!/usr/bin/env python3
"""Open the show-ground scoreboard ports on the results server.

At each championship show the results server has to accept connections
from the ring tablets on the show network. This adds narrow ACCEPT
rules for the tablet subnet and removes them again after the show.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("show_rules")

TABLET_SUBNET = os.environ.get("SHOW_TABLET_SUBNET", "198.51.100.0/24")
SCOREBOARD_PORTS = [int(p) for p in os.environ.get("SHOW_PORTS", "8000,8443").split(",")]
RULE_COMMENT = "kc-show-scoreboard"


class RuleManager:
    def __init__(self, subnet, ports, dry_run=False):
        self.subnet = str(ipaddress.ip_network(subnet, strict=False))
        self.ports = ports
        self.dry_run = dry_run

    def _run(self, args, check=True):
        cmd = ["sudo", "iptables"] + args
        LOG.info("%s", " ".join(cmd))
        if self.dry_run:
            return subprocess.CompletedProcess(cmd, 0, "", "")
        return subprocess.run(cmd, check=check, capture_output=True, text=True)

    def _spec(self, port):
        return ["INPUT", "-p", "tcp", "-s", self.subnet, "--dport", str(port),
                "-m", "comment", "--comment", RULE_COMMENT, "-j", "ACCEPT"]

    def exists(self, port):
        result = self._run(["-C"] + self._spec(port), check=False)
        return result.returncode == 0

    def open(self):
        for port in self.ports:
            if self.exists(port):
                LOG.info("rule for port %d already present", port)
                continue
            self._run(["-I"] + self._spec(port))

    def close(self):
        for port in self.ports:
            while self.exists(port):
                self._run(["-D"] + self._spec(port))

    def show(self):
        result = self._run(["-L", "INPUT", "-n", "--line-numbers"], check=False)
        for line in result.stdout.splitlines():
            if RULE_COMMENT in line:
                print(line)


def enable_forwarding(enabled: bool):
    value = "1" if enabled else "0"
    subprocess.run(["sudo", "sysctl", "-w", f"net.ipv4.ip_forward={value}"], check=True)


def main():
    parser = argparse.ArgumentParser(description="Manage scoreboard firewall rules")
    parser.add_argument("action", choices=["open", "close", "show"])
    parser.add_argument("--subnet", default=TABLET_SUBNET)
    parser.add_argument("--ports", type=lambda s: [int(x) for x in s.split(",")],
                        default=SCOREBOARD_PORTS)
    parser.add_argument("--forward", action="store_true",
                        help="also toggle IP forwarding for the tablet hotspot")
    parser.add_argument("-n", "--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    mgr = RuleManager(args.subnet, args.ports, args.dry_run)
    try:
        if args.action == "open":
            mgr.open()
            if args.forward:
                enable_forwarding(True)
        elif args.action == "close":
            mgr.close()
            if args.forward:
                enable_forwarding(False)
        mgr.show()
    except subprocess.CalledProcessError as exc:
        LOG.error("command failed: %s", exc.stderr or exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
