#!/usr/bin/env python3
"""Open the controller VLAN to the office for the climate dashboard.

The humidity and CO2 controllers sit on their own VLAN behind the gateway
box. The office dashboard needs to reach Modbus/TCP (502) on each of them,
so this adds forwarding and a narrow set of allow rules on the gateway.
Rules come from a small JSON file so they can be reviewed in git.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys

log = logging.getLogger("gwroutes")

DEFAULT_RULES = {
    "office_net": "192.0.2.0/24",
    "controller_net": "198.51.100.0/24",
    "ports": [502],
    "in_if": "eth0",
    "out_if": "eth1",
}

# tools, looked up once so a missing one fails early
TOOLS = {name: f"/usr/sbin/{name}" for name in ("iptables", "sysctl")}


def elevate(argv):
    """Prefix the command so it runs with enough rights on the gateway."""
    if os.geteuid() == 0:
        return argv
    helper = os.environ.get("GW_ELEVATE", "sudo -n")
    return shlex.split(helper) + argv


def run(argv, dry_run=False, check=True):
    argv = elevate(argv)
    log.info("%s %s", "DRY" if dry_run else "RUN", " ".join(argv))
    if dry_run:
        return 0
    res = subprocess.run(argv, capture_output=True, text=True)
    if check and res.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed: {res.stderr.strip()}")
    return res.returncode


def enable_forwarding(dry_run):
    run([TOOLS["sysctl"], "-w", "net.ipv4.ip_forward=1"], dry_run)


def rule_exists(spec):
    return run([TOOLS["iptables"], "-C"] + spec, check=False) == 0


def forward_rules(cfg):
    for port in cfg["ports"]:
        yield ["FORWARD", "-i", cfg["in_if"], "-o", cfg["out_if"],
               "-s", cfg["office_net"], "-d", cfg["controller_net"],
               "-p", "tcp", "--dport", str(port), "-j", "ACCEPT"]
    yield ["FORWARD", "-i", cfg["out_if"], "-o", cfg["in_if"],
           "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT"]


def nat_rule(cfg):
    return ["POSTROUTING", "-o", cfg["out_if"],
            "-s", cfg["office_net"], "-j", "MASQUERADE"]


def apply(cfg, dry_run):
    enable_forwarding(dry_run)
    added = 0
    for spec in forward_rules(cfg):
        if not dry_run and rule_exists(spec):
            log.info("rule already present, skipping")
            continue
        run([TOOLS["iptables"], "-A"] + spec, dry_run)
        added += 1
    run([TOOLS["iptables"], "-t", "nat", "-A"] + nat_rule(cfg), dry_run)
    return added + 1


def load_config(path):
    cfg = dict(DEFAULT_RULES)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    for key in ("office_net", "controller_net", "in_if", "out_if"):
        if not isinstance(cfg.get(key), str):
            raise ValueError(f"config key {key} must be a string")
    cfg["ports"] = [int(p) for p in cfg["ports"]]
    return cfg


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="gateway_rules.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        cfg = load_config(args.config)
        n = apply(cfg, args.dry_run)
    except (ValueError, RuntimeError, OSError) as exc:
        log.error("%s", exc)
        return 1
    log.info("applied %d rules for %s -> %s", n, cfg["office_net"], cfg["controller_net"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
