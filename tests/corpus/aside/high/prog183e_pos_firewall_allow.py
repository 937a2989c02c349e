#!/usr/bin/env python3
"""Opens the ports the new POS terminals need on the back-office server.

Only adds ACCEPT rules for the store LAN; it never flushes or changes policy.
"""
import argparse
import logging
import subprocess
import sys

LOG = logging.getLogger("pos-fw")

STORE_LAN = "192.0.2.0/24"
POS_PORTS = {
    9100: "receipt printers (raw)",
    5432: "POS database",
    8443: "POS web console",
}


def iptables(*args, check=True):
    cmd = ["sudo", "iptables", *args]
    LOG.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def rule_spec(port, source):
    return ["INPUT", "-s", source, "-p", "tcp", "--dport", str(port),
            "-m", "comment", "--comment", f"pawnpos-{port}", "-j", "ACCEPT"]


def rule_exists(port, source):
    return iptables("-C", *rule_spec(port, source), check=False).returncode == 0


def add_rule(port, source):
    if rule_exists(port, source):
        LOG.info("port %d already open for %s", port, source)
        return False
    iptables("-I", *rule_spec(port, source))
    LOG.info("opened port %d (%s) for %s", port, POS_PORTS.get(port, "?"), source)
    return True


def save_rules():
    out = iptables("-S").stdout
    with open("pos_firewall_rules.backup", "w") as fh:
        fh.write(out)
    LOG.info("current ruleset saved to pos_firewall_rules.backup")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", default=STORE_LAN)
    ap.add_argument("--port", type=int, action="append",
                    help="limit to these ports (default: all POS ports)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ports = args.port or sorted(POS_PORTS)
    unknown = [p for p in ports if p not in POS_PORTS]
    if unknown:
        LOG.error("not a POS port: %s", unknown)
        sys.exit(2)

    changed = sum(add_rule(p, args.source) for p in ports)
    save_rules()
    LOG.info("%d rule(s) added", changed)


if __name__ == "__main__":
    main()
