#!/usr/bin/env python3
"""Restricts the dock MQTT broker port to the station subnets.

The broker host also serves the ops dashboard; only docking stations should
reach the MQTT-over-TLS port. This tool adds (idempotently) an allow rule for
each station subnet and a final drop for everyone else on that port.
"""
import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys

LOG = logging.getLogger("mqtt-guard")

GUARD = {
    "port": 8883,
    "chain": "INPUT",
    "comment": "bikeshare-mqtt-guard",
    "subnets": ["198.51.100.0/25", "198.51.100.128/26", "203.0.113.0/28"],
    "tool": ("ip", "tables"),
}


class RuleSet:
    def __init__(self, cfg):
        self.cfg = cfg
        self.binary = shutil.which("".join(cfg["tool"])) or "/usr/sbin/" + "".join(cfg["tool"])

    def _base(self, op):
        return [self.binary, "-w", op, self.cfg["chain"]]

    def _match(self, src=None):
        spec = ["-p", "tcp", "--dport", str(self.cfg["port"])]
        if src:
            spec += ["-s", src]
        spec += ["-m", "comment", "--comment", self.cfg["comment"]]
        return spec

    def allow(self, src):
        return self._match(src) + ["-j", "ACCEPT"]

    def drop_rest(self):
        return self._match() + ["-j", "DROP"]

    def exists(self, spec):
        res = subprocess.run(self._base("-C") + spec, capture_output=True)
        return res.returncode == 0

    def ensure(self, spec, position=None, dry_run=False):
        if self.exists(spec):
            LOG.info("present: %s", " ".join(spec))
            return False
        if position is not None:
            cmd = [self.binary, "-w", "-I", self.cfg["chain"], str(position)] + spec
        else:
            cmd = self._base("-A") + spec
        LOG.info("adding: %s", " ".join(cmd))
        if not dry_run:
            subprocess.run(cmd, check=True)
        return True


def validated_subnets(raw):
    good = []
    for item in raw:
        try:
            good.append(str(ipaddress.ip_network(item, strict=True)))
        except ValueError as exc:
            LOG.warning("ignoring subnet %r: %s", item, exc)
    return good


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--subnet", action="append", help="extra station subnet")
    ap.add_argument("--port", type=int, default=GUARD["port"])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = dict(GUARD, port=args.port)
    rules = RuleSet(cfg)
    subnets = validated_subnets(cfg["subnets"] + (args.subnet or []))
    if not subnets:
        LOG.error("no valid station subnets; refusing to add a bare drop rule")
        return 1
    changed = 0
    try:
        for pos, net in enumerate(subnets, start=1):
            changed += rules.ensure(rules.allow(net), position=pos, dry_run=args.dry_run)
        changed += rules.ensure(rules.drop_rest(), dry_run=args.dry_run)
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("rule update failed: %s", exc)
        return 1
    LOG.info("%d rule(s) changed", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
