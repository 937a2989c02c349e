#!/usr/bin/env python3
"""Open the stock-scanner ports on the warehouse gateway.

The handheld barcode scanners push stock counts to the inventory box on
TCP 9100 and UDP 9101. This adds narrowly scoped ACCEPT rules for the
scanner subnet, idempotently, so re-running it is harmless.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import subprocess

log = logging.getLogger("fw-rules")

SCANNER_NET = os.environ.get("SCANNER_NET", "198.51.100.0/26")
CHAIN = os.environ.get("FW_CHAIN", "INPUT")
COMMENT = "stock-scanners"

RULES = [
    {"proto": "tcp", "port": 9100},
    {"proto": "udp", "port": 9101},
]


class Iptables:
    def __init__(self, use_sudo=True, dry_run=False):
        self.prefix = ["sudo"] if use_sudo and os.geteuid() != 0 else []
        self.binary = shutil.which("iptables") or "/usr/sbin/iptables"
        self.dry_run = dry_run

    def _run(self, args, check=True):
        argv = self.prefix + [self.binary] + args
        if self.dry_run:
            log.info("DRY %s", " ".join(argv))
            return 0
        return subprocess.run(argv, check=check, capture_output=True).returncode

    def spec(self, net, rule):
        return ["-s", net, "-p", rule["proto"], "--dport", str(rule["port"]),
                "-m", "comment", "--comment", COMMENT, "-j", "ACCEPT"]

    def exists(self, chain, spec):
        if self.dry_run:
            return False
        return self._run(["-C", chain] + spec, check=False) == 0

    def ensure(self, chain, spec):
        if self.exists(chain, spec):
            log.info("rule present: %s", " ".join(spec[:6]))
            return False
        self._run(["-I", chain, "1"] + spec)
        log.info("rule added: %s", " ".join(spec[:6]))
        return True

    def remove(self, chain, spec):
        if self.exists(chain, spec):
            self._run(["-D", chain] + spec)
            log.info("rule removed: %s", " ".join(spec[:6]))


def main():
    ap = argparse.ArgumentParser(description="Manage scanner firewall rules")
    ap.add_argument("action", choices=["apply", "remove"])
    ap.add_argument("--net", default=SCANNER_NET)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    net = str(ipaddress.ip_network(args.net, strict=True))
    ipt = Iptables(dry_run=args.dry_run)
    changed = 0
    for rule in RULES:
        spec = ipt.spec(net, rule)
        if args.action == "apply":
            changed += int(ipt.ensure(CHAIN, spec))
        else:
            ipt.remove(CHAIN, spec)
    log.info("%s complete (%d new rules)", args.action, changed)


if __name__ == "__main__":
    main()
