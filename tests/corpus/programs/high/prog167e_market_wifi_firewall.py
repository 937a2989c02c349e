#!/usr/bin/env python3
"""Opens the ports the stall POS tablets need on the market gateway box."""

import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys

log = logging.getLogger("market_fw")

POS_SERVICES = {
    "pos-sync": {"proto": "tcp", "port": 8443},
    "printer-relay": {"proto": "tcp", "port": 9100},
    "menuboard": {"proto": "udp", "port": 5353},
}

DEFAULT_SUBNET = "192.0.2.0/24"
CHAIN = "INPUT"
COMMENT_PREFIX = "stallpos"


class RuleRunner:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.binary = shutil.which("iptables") or "/usr/sbin/iptables"

    def _cmd(self, action, spec):
        return ["sudo", self.binary, action, CHAIN] + spec

    def exists(self, spec):
        result = subprocess.run(self._cmd("-C", spec), capture_output=True)
        return result.returncode == 0

    def add(self, spec):
        if self.exists(spec):
            log.info("already present: %s", " ".join(spec))
            return False
        cmd = self._cmd("-A", spec)
        if self.dry_run:
            print(" ".join(cmd))
            return True
        subprocess.run(cmd, check=True)
        log.info("added: %s", " ".join(spec))
        return True

    def remove(self, spec):
        if not self.exists(spec):
            return False
        cmd = self._cmd("-D", spec)
        if self.dry_run:
            print(" ".join(cmd))
            return True
        subprocess.run(cmd, check=True)
        log.info("removed: %s", " ".join(spec))
        return True


def rule_spec(name, service, subnet):
    return [
        "-s", str(subnet),
        "-p", service["proto"],
        "--dport", str(service["port"]),
        "-m", "comment", "--comment", "{}-{}".format(COMMENT_PREFIX, name),
        "-j", "ACCEPT",
    ]


def selected_services(names):
    if not names:
        return POS_SERVICES
    missing = [n for n in names if n not in POS_SERVICES]
    if missing:
        raise SystemExit("unknown service(s): " + ", ".join(missing))
    return {n: POS_SERVICES[n] for n in names}


def main():
    parser = argparse.ArgumentParser(description="POS firewall openings")
    parser.add_argument("action", choices=["open", "close"])
    parser.add_argument("--subnet", default=DEFAULT_SUBNET)
    parser.add_argument("--service", action="append")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        subnet = ipaddress.ip_network(args.subnet, strict=False)
    except ValueError as exc:
        log.error("bad subnet: %s", exc)
        return 2

    runner = RuleRunner(dry_run=args.dry_run)
    changed = 0
    for name, service in selected_services(args.service).items():
        spec = rule_spec(name, service, subnet)
        try:
            if args.action == "open":
                changed += runner.add(spec)
            else:
                changed += runner.remove(spec)
        except subprocess.CalledProcessError as exc:
            log.error("iptables failed for %s: %s", name, exc)
            return 1
    log.info("%d rule(s) changed", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
