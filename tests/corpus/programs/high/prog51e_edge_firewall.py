#!/usr/bin/env python3
"""Render and apply the edge host's packet filter.

``render`` turns firewall.yaml (allowed services and admin networks) into an
iptables-restore file in ./firewall/rules.v4.  ``apply`` dry-runs it with
--test and then loads it atomically.  The default policy stays DROP.
"""
import argparse
import logging
import subprocess
import sys
from pathlib import Path

import yaml

log = logging.getLogger("edgefw")
OUT = Path("firewall") / "rules.v4"


def load_policy(path):
    with open(path, encoding="utf-8") as fh:
        policy = yaml.safe_load(fh) or {}
    policy.setdefault("services", [])
    policy.setdefault("admin_networks", [])
    return policy


def render(policy):
    lines = [
        "*filter",
        ":INPUT DROP [0:0]",
        ":FORWARD DROP [0:0]",
        ":OUTPUT ACCEPT [0:0]",
        "-A INPUT -i lo -j ACCEPT",
        "-A INPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT",
        "-A INPUT -p icmp --icmp-type echo-request -m limit --limit 5/s -j ACCEPT",
    ]
    for net in policy["admin_networks"]:
        lines.append(f"-A INPUT -s {net} -p tcp --dport 22 -j ACCEPT")
    for svc in policy["services"]:
        proto = svc.get("proto", "tcp")
        if proto not in ("tcp", "udp"):
            raise ValueError(f"unsupported protocol {proto}")
        port = int(svc["port"])
        src = f"-s {svc['source']} " if svc.get("source") else ""
        log.debug("allow %s %s/%d", svc.get("name", "?"), proto, port)
        lines.append(f"-A INPUT {src}-p {proto} --dport {port} -j ACCEPT")
    lines.append('-A INPUT -m limit --limit 10/min -j LOG --log-prefix "edgefw drop: "')
    lines.append("COMMIT")
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n")
    log.info("rendered %d rules to %s", len(lines) - 2, OUT)


def apply():
    with OUT.open("rb") as rules:
        test = subprocess.run(["iptables-restore", "--test"], stdin=rules)
    if test.returncode != 0:
        log.error("rule set failed validation, not applied")
        return 1
    with OUT.open("rb") as rules:
        subprocess.run(["iptables-restore", "--wait"], stdin=rules, check=True)
    saved = subprocess.run(["iptables-save"], capture_output=True, text=True, check=True)
    log.info("active ruleset now has %d lines", len(saved.stdout.splitlines()))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("stage", choices=["render", "apply", "all"])
    ap.add_argument("--policy", default="firewall.yaml")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if args.stage in ("render", "all"):
        try:
            render(load_policy(args.policy))
        except (KeyError, ValueError) as exc:
            log.error("invalid policy: %s", exc)
            return 2
    if args.stage in ("apply", "all"):
        return apply()
    return 0


if __name__ == "__main__":
    sys.exit(main())
