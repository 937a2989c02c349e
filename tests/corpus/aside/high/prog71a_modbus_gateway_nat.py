#!/usr/bin/env python3
"""Expose inverter Modbus/TCP ports through the site gateway.

The inverters sit on an isolated plant subnet; the SCADA poller on the
office LAN reaches them through the gateway.  This tool renders DNAT rules
for each inverter from sites.json and loads them into the gateway's
packet filter without disturbing other rules.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass

log = logging.getLogger("modbus-nat")

CHAIN = "MODBUS-FWD"


@dataclass(frozen=True)
class Mapping:
    name: str
    listen_port: int
    inverter_ip: str
    inverter_port: int = 502

    def validate(self):
        ipaddress.ip_address(self.inverter_ip)
        if not (1024 <= self.listen_port <= 65535):
            raise ValueError(f"{self.name}: listen port {self.listen_port} out of range")


def load_mappings(path):
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    maps = [Mapping(**m) for m in doc.get("inverters", [])]
    for m in maps:
        m.validate()
    return doc.get("lan_interface", "eth0"), doc.get("plant_interface", "eth1"), maps


class RulesetBuilder:
    def __init__(self, lan_if, plant_if, scada_src=None):
        self.lan_if = lan_if
        self.plant_if = plant_if
        self.scada_src = scada_src

    def _src(self):
        return f"-s {self.scada_src} " if self.scada_src else ""

    def render(self, mappings):
        nat = ["*nat", f":{CHAIN} - [0:0]", f"-F {CHAIN}",
               f"-A PREROUTING -i {self.lan_if} -p tcp -j {CHAIN}"]
        filt = ["*filter", f":{CHAIN} - [0:0]", f"-F {CHAIN}",
                f"-A FORWARD -i {self.lan_if} -o {self.plant_if} -j {CHAIN}"]
        for m in mappings:
            nat.append(f"-A {CHAIN} {self._src()}-p tcp --dport {m.listen_port} "
                       f"-j DNAT --to-destination {m.inverter_ip}:{m.inverter_port} "
                       f"-m comment --comment {m.name}")
            filt.append(f"-A {CHAIN} {self._src()}-p tcp -d {m.inverter_ip} "
                        f"--dport {m.inverter_port} -j ACCEPT")
        nat.append("-A POSTROUTING -o {} -j MASQUERADE".format(self.plant_if))
        return "\n".join(nat + ["COMMIT"] + filt + ["COMMIT"]) + "\n"


def restore_command():
    tool = shutil.which("iptables-restore") or "/usr/sbin/iptables-restore"
    cmd = [tool, "--noflush"]
    if os.geteuid() != 0:
        cmd = ["sudo", "-n"] + cmd
    return cmd


def apply(ruleset, dry_run=False):
    if dry_run:
        sys.stdout.write(ruleset)
        return 0
    cmd = restore_command()
    log.info("loading ruleset with: %s", " ".join(cmd))
    proc = subprocess.run(cmd, input=ruleset, text=True, capture_output=True)
    if proc.returncode != 0:
        log.error("ruleset rejected: %s", proc.stderr.strip())
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="sites.json")
    ap.add_argument("--scada-src", help="restrict forwarding to this source CIDR")
    ap.add_argument("-n", "--dry-run", action="store_true", help="print rules only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        lan_if, plant_if, maps = load_mappings(args.config)
    except (OSError, ValueError, TypeError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 2
    if not maps:
        log.warning("no inverters configured, nothing to do")
        return 0

    if args.scada_src:
        ipaddress.ip_network(args.scada_src, strict=False)

    ruleset = RulesetBuilder(lan_if, plant_if, args.scada_src).render(maps)
    rc = apply(ruleset, args.dry_run)
    if rc == 0 and not args.dry_run:
        for m in maps:
            log.info("%-12s :%d -> %s:%d", m.name, m.listen_port, m.inverter_ip, m.inverter_port)
    return rc


if __name__ == "__main__":
    sys.exit(main())
