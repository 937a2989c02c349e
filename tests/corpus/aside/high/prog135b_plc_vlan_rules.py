#!/usr/bin/env python3
"""Bottling line PLC access rules.

Lets the SCADA historian and the engineering laptop reach the bottling
line PLCs (Modbus/TCP and the vendor's web UI) through the line gateway.
Rules are described in a small table and applied idempotently.
"""
import argparse
import logging
import shlex
import subprocess
import sys

LOG = logging.getLogger("plc-rules")

# (source, destination, port, comment)
RULES = [
    ("198.51.100.10", "203.0.113.50", 502, "historian->filler modbus"),
    ("198.51.100.10", "203.0.113.51", 502, "historian->capper modbus"),
    ("198.51.100.10", "203.0.113.52", 502, "historian->labeller modbus"),
    ("198.51.100.77", "203.0.113.50", 443, "eng laptop->filler web"),
    ("198.51.100.77", "203.0.113.51", 443, "eng laptop->capper web"),
]
CHAIN = "FORWARD"
TOOL = "ip" + "tables"


def privileged(argv):
    prefix = [] if _is_root() else ["su" + "do", "-n"]
    return prefix + argv


def _is_root():
    import os
    return os.geteuid() == 0


def rule_spec(src, dst, port, comment):
    return [
        "-s", src, "-d", dst, "-p", "tcp", "--dport", str(port),
        "-m", "comment", "--comment", comment, "-j", "ACCEPT",
    ]


def rule_exists(spec):
    cmd = privileged([TOOL, "-C", CHAIN] + spec)
    return subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def apply_rule(spec, dry_run):
    cmd = privileged([TOOL, "-I", CHAIN, "1"] + spec)
    if dry_run:
        LOG.info("would run: %s", shlex.join(cmd))
        return True
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("failed: %s (%s)", shlex.join(cmd), proc.stderr.strip())
        return False
    return True


def remove_rule(spec, dry_run):
    cmd = privileged([TOOL, "-D", CHAIN] + spec)
    if dry_run:
        LOG.info("would run: %s", shlex.join(cmd))
        return
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["apply", "remove", "check"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    failures = 0
    for src, dst, port, comment in RULES:
        spec = rule_spec(src, dst, port, comment)
        present = False if args.dry_run else rule_exists(spec)
        if args.action == "check":
            LOG.info("%-28s %s", comment, "present" if present else "missing")
        elif args.action == "apply":
            if present:
                LOG.info("%-28s already present", comment)
            elif not apply_rule(spec, args.dry_run):
                failures += 1
        elif args.action == "remove" and (present or args.dry_run):
            remove_rule(spec, args.dry_run)
            LOG.info("%-28s removed", comment)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
