#!/usr/bin/env python3
"""Port policy for the barn sensor MQTT bridge.

The bridge box collects readings from ammonia, CO2 and temperature sensors
in the barns over MQTT (1883 on the barn VLAN only) and serves a small status
page on 8088.  This tool reads the port policy from bridge_ports.json and
makes the host packet filter match it: it adds missing ACCEPT rules for the
listed sources and reports rules it would remove.
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

LOG = logging.getLogger("bridge-ports")

DEFAULT_POLICY = {
    "chain": "INPUT",
    "rules": [
        {"port": 1883, "proto": "tcp", "source": "10.40.0.0/24", "comment": "barn-mqtt"},
        {"port": 8088, "proto": "tcp", "source": "10.40.0.0/16", "comment": "bridge-status"},
        {"port": 5353, "proto": "udp", "source": "10.40.0.0/24", "comment": "mdns"},
    ],
}


@dataclass(frozen=True)
class PortRule:
    port: int
    proto: str
    source: str
    comment: str

    def spec(self, chain):
        return [chain, "-p", self.proto, "-s", self.source, "--dport", str(self.port),
                "-m", "comment", "--comment", self.comment, "-j", "ACCEPT"]


class PacketFilter:
    def __init__(self, binary="iptables", use_sudo=True, dry_run=False):
        self.binary = shutil.which(binary) or binary
        self.prefix = ["sudo", "-n"] if use_sudo and os.geteuid() != 0 else []
        self.dry_run = dry_run

    def _run(self, *args, check=True):
        cmd = self.prefix + [self.binary, "-w", "5"] + list(args)
        LOG.debug("run: %s", " ".join(cmd))
        if self.dry_run and args[0] not in ("-C", "-S"):
            LOG.info("would run: %s", " ".join(cmd))
            return 0
        return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              check=check).returncode

    def has(self, chain, rule):
        return self._run("-C", *rule.spec(chain), check=False) == 0

    def add(self, chain, rule):
        self._run("-I", *rule.spec(chain))

    def listing(self, chain):
        cmd = self.prefix + [self.binary, "-w", "5", "-S", chain]
        out = subprocess.run(cmd, stdout=subprocess.PIPE, text=True, check=True).stdout
        return out.splitlines()


def load_policy(path):
    if path and os.path.exists(path):
        with open(path) as fh:
            policy = json.load(fh)
    else:
        LOG.info("no %s, using built-in policy", path)
        policy = DEFAULT_POLICY
    rules = []
    for r in policy["rules"]:
        ipaddress.ip_network(r["source"])  # reject typos before they reach the filter
        if r["proto"] not in ("tcp", "udp"):
            raise ValueError("bad proto %r" % r["proto"])
        rules.append(PortRule(int(r["port"]), r["proto"], r["source"], r["comment"]))
    return policy.get("chain", "INPUT"), rules


def stale_rules(listing, rules):
    wanted = {r.comment for r in rules}
    for line in listing:
        if "--comment" in line and "ACCEPT" in line:
            comment = line.split("--comment", 1)[1].split()[0].strip('"')
            if comment.startswith(("barn-", "bridge-")) and comment not in wanted:
                yield line


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--policy", default="bridge_ports.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-sudo", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        chain, rules = load_policy(args.policy)
    except (ValueError, KeyError) as exc:
        LOG.error("bad policy: %s", exc)
        return 2

    pf = PacketFilter(use_sudo=not args.no_sudo, dry_run=args.dry_run)
    added = 0
    for rule in rules:
        try:
            if pf.has(chain, rule):
                LOG.info("present: %s/%d from %s", rule.proto, rule.port, rule.source)
                continue
            pf.add(chain, rule)
            added += 1
            LOG.info("added: %s/%d from %s", rule.proto, rule.port, rule.source)
        except subprocess.CalledProcessError as exc:
            LOG.error("iptables failed for %s: %s", rule.comment,
                      exc.stderr.decode(errors="replace").strip())
            return 1

    for line in stale_rules(pf.listing(chain), rules):
        LOG.warning("stale rule (not removed): %s", line)
    LOG.info("%d rule(s) added", added)
    return 0


if __name__ == "__main__":
    sys.exit(main())
