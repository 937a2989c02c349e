#!/usr/bin/env python3
"""Open the station controller's OCPP and Modbus ports to the CSMS subnets.

Reads the allowed CSMS subnets from a small JSON config, works out which
iptables ACCEPT rules are missing, writes them into a shell script and runs it
with sudo. Existing rules are left in place; nothing is flushed.
"""
import argparse
import ipaddress
import json
import logging
import os
import shlex
import subprocess
import sys
import tempfile

LOG = logging.getLogger("csms-fw")

DEFAULT_CONFIG = {
    "chain": "INPUT",
    "comment": "csms-allow",
    "subnets": ["198.51.100.0/24", "203.0.113.0/26"],
    "ports": [{"port": 9000, "proto": "tcp"}, {"port": 502, "proto": "tcp"}],
}


class RulePlanner:
    def __init__(self, config):
        self.chain = config.get("chain", "INPUT")
        self.comment = config.get("comment", "csms-allow")
        self.subnets = [str(ipaddress.ip_network(s, strict=False)) for s in config["subnets"]]
        self.ports = config["ports"]

    def rule_args(self, subnet, port, proto):
        return ["-p", proto, "-s", subnet, "--dport", str(port),
                "-m", "comment", "--comment", self.comment, "-j", "ACCEPT"]

    def wanted(self):
        for subnet in self.subnets:
            for entry in self.ports:
                yield self.rule_args(subnet, entry["port"], entry.get("proto", "tcp"))

    def script(self, remove=False):
        lines = ["#!/bin/bash", "set -u", "rc=0"]
        for args in self.wanted():
            quoted = " ".join(shlex.quote(a) for a in args)
            if remove:
                lines.append(f"if iptables -C {self.chain} {quoted} 2>/dev/null; then "
                             f"iptables -D {self.chain} {quoted} && echo removed {quoted}; fi")
            else:
                lines.append(f"if ! iptables -C {self.chain} {quoted} 2>/dev/null; then "
                             f"iptables -I {self.chain} 1 {quoted} && echo added {quoted} || rc=1; "
                             f"else echo present {quoted}; fi")
        lines.append("exit $rc")
        return "\n".join(lines) + "\n"


def load_config(path):
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg = json.load(fh)
        LOG.info("loaded %s", path)
        return cfg
    LOG.info("using built-in defaults")
    return DEFAULT_CONFIG


def apply(script_text, dry_run):
    if dry_run:
        sys.stdout.write(script_text)
        return 0
    fd, path = tempfile.mkstemp(prefix="csms-fw-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script_text)
    try:
        proc = subprocess.run(["sudo", "bash", path], capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info(line)
        for line in proc.stderr.splitlines():
            LOG.error(line)
        return proc.returncode
    finally:
        os.unlink(path)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--config", default="csms_firewall.json")
    p.add_argument("--remove", action="store_true", help="delete the rules instead")
    p.add_argument("--dry-run", action="store_true", help="print the script only")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        planner = RulePlanner(load_config(args.config))
    except (KeyError, ValueError) as exc:
        LOG.error("bad config: %s", exc)
        return 1
    rc = apply(planner.script(remove=args.remove), args.dry_run)
    LOG.info("finished rc=%s", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
