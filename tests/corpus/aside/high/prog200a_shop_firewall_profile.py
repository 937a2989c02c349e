#!/usr/bin/env python3
"""Opens the ports the shop's till, label printer and stock scanner need on
the back-office server, limited to the shop LAN."""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass

log = logging.getLogger("shop-ports")

SHOP_LAN = os.environ.get("SHOP_LAN", "192.168.40.0/24")


@dataclass(frozen=True)
class PortRule:
    name: str
    proto: str
    port: int

    def spec(self, source):
        return ["-p", self.proto, "-s", source, "--dport", str(self.port),
                "-m", "comment", "--comment", f"shop-{self.name}", "-j", "ACCEPT"]


PROFILES = {
    "till": [PortRule("till-sync", "tcp", 8443)],
    "printer": [PortRule("label-ipp", "tcp", 631), PortRule("label-raw", "tcp", 9100)],
    "scanner": [PortRule("scanner", "udp", 5140)],
}


def _wrap():
    if os.geteuid() == 0:
        return []
    for helper in ("sudo", "doas"):
        if shutil.which(helper):
            return [helper]
    raise RuntimeError("root privileges required and no sudo/doas present")


class Table:
    chain = "INPUT"

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = _wrap() + [shutil.which("ipt" + "ables") or "/usr/sbin/iptables"]

    def _call(self, *args, check=True):
        argv = self.prefix + list(args)
        if self.dry_run:
            print(" ".join(argv))
            return 0
        return subprocess.run(argv, check=check, capture_output=True).returncode

    def present(self, rule, source):
        return self._call("-C", self.chain, *rule.spec(source), check=False) == 0

    def ensure(self, rule, source):
        if not self.dry_run and self.present(rule, source):
            log.info("%s already open", rule.name)
            return False
        self._call("-I", self.chain, "1", *rule.spec(source))
        log.info("opened %s/%d for %s", rule.proto, rule.port, source)
        return True

    def withdraw(self, rule, source):
        if self.dry_run or self.present(rule, source):
            self._call("-D", self.chain, *rule.spec(source))
            log.info("closed %s", rule.name)


def main(argv=None):
    ap = argparse.ArgumentParser(description="shop device firewall profile")
    ap.add_argument("profiles", nargs="+", choices=sorted(PROFILES))
    ap.add_argument("--source", default=SHOP_LAN)
    ap.add_argument("--withdraw", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        table = Table(dry_run=args.dry_run)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    action = getattr(table, "withdraw" if args.withdraw else "ensure")
    failures = 0
    for profile in args.profiles:
        for rule in PROFILES[profile]:
            try:
                action(rule, args.source)
            except subprocess.CalledProcessError as exc:
                failures += 1
                log.error("%s: %s", rule.name, exc.stderr.decode(errors="replace").strip())
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
