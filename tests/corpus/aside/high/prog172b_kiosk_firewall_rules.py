#!/usr/bin/env python3
"""Apply the check-in kiosk firewall rules on the front-desk gateway.

Lets the kiosk VLAN reach the booking API and the receipt printer, and
drops everything else coming from that VLAN. Rules are read from a YAML
file maintained by the IT contractor.
"""
import argparse
import ipaddress
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

import yaml

log = logging.getLogger("kiosk-fw")

CHAIN = "KIOSK" + "_IN"
SAVE_PATH = Path("/etc/iptables/rules.v4")


@dataclass(frozen=True)
class Allow:
    source: str
    dest: str
    port: int
    proto: str = "tcp"

    def validate(self) -> None:
        ipaddress.ip_network(self.source, strict=False)
        ipaddress.ip_address(self.dest)
        if not 0 < self.port < 65536:
            raise ValueError(f"bad port {self.port}")


def load_rules(path: Path):
    data = yaml.safe_load(path.read_text()) or {}
    rules = []
    for item in data.get("allow", []):
        rule = Allow(item["source"], item["dest"], int(item["port"]), item.get("proto", "tcp"))
        rule.validate()
        rules.append(rule)
    return data.get("kiosk_net", "198.51.100.64/27"), rules


class Gateway:
    tool = "ip" + "tables"

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run

    def _prefix(self):
        return [] if os.geteuid() == 0 else ["sudo", "-n"]

    def call(self, *args: str, check: bool = True) -> int:
        argv = self._prefix() + [self.tool, *args]
        if self.dry_run:
            log.info("dry-run: %s", shlex.join(argv))
            return 0
        return subprocess.run(argv, check=check).returncode

    def ensure_chain(self) -> None:
        if self.call("-n", "-L", CHAIN, check=False) != 0:
            self.call("-N", CHAIN)
        self.call("-F", CHAIN)

    def hook_chain(self, kiosk_net: str) -> None:
        if self.call("-C", "FORWARD", "-s", kiosk_net, "-j", CHAIN, check=False) != 0:
            self.call("-I", "FORWARD", "1", "-s", kiosk_net, "-j", CHAIN)

    def add_allow(self, rule: Allow) -> None:
        self.call("-A", CHAIN, "-s", rule.source, "-d", rule.dest, "-p", rule.proto,
                  "--dport", str(rule.port), "-j", "ACCEPT")

    def close_chain(self) -> None:
        self.call("-A", CHAIN, "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT")
        self.call("-A", CHAIN, "-j", "DROP")

    def persist(self) -> None:
        argv = self._prefix() + [self.tool + "-save"]
        if self.dry_run:
            log.info("dry-run: %s > %s", shlex.join(argv), SAVE_PATH)
            return
        dump = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
        writer = self._prefix() + ["tee", str(SAVE_PATH)]
        subprocess.run(writer, input=dump, text=True, check=True, stdout=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description="kiosk VLAN firewall rules")
    parser.add_argument("--rules", type=Path, default=Path("kiosk_rules.yaml"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    kiosk_net, rules = load_rules(args.rules)
    gw = Gateway(args.dry_run)
    gw.ensure_chain()
    for rule in rules:
        gw.add_allow(rule)
    gw.close_chain()
    gw.hook_chain(kiosk_net)
    if not args.no_save:
        gw.persist()
    log.info("applied %d allow rules for %s", len(rules), kiosk_net)


if __name__ == "__main__":
    main()
