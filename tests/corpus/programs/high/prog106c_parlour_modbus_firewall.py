#!/usr/bin/env python3
"""Lock down Modbus/TCP on the parlour gateway.

The parlour controller, the feeders and the milk meters all talk Modbus/TCP
through this gateway box.  Modbus has no authentication, so only the
parlour VLAN and the farm office PC may reach port 502; everything else is
dropped and counted.  Rules live in their own PARLOUR_MODBUS chain so they
can be rebuilt without touching the rest of the ruleset.

Rules to apply come from a small YAML file:

    port: 502
    allow:
      - 192.168.10.0/24    # parlour VLAN
      - 192.168.1.15/32    # farm office PC
"""
import argparse
import ipaddress
import json
import logging
import os
import sys
from pathlib import Path

import iptc
import yaml

CHAIN = "PARLOUR_MODBUS"
log = logging.getLogger("modbus-fw")


def load_policy(path):
    with open(path) as fh:
        doc = yaml.safe_load(fh) or {}
    port = int(doc.get("port", 502))
    nets = []
    for item in doc.get("allow", []):
        try:
            nets.append(str(ipaddress.ip_network(str(item), strict=False)))
        except ValueError:
            log.warning("ignoring bad network %r", item)
    if not nets:
        raise ValueError("policy allows nobody; refusing to lock out the parlour")
    return port, nets


def ensure_chain(table):
    if not table.is_chain(CHAIN):
        log.info("creating chain %s", CHAIN)
        return table.create_chain(CHAIN)
    chain = iptc.Chain(table, CHAIN)
    chain.flush()
    return chain


def build_rules(chain, port, nets):
    for net in nets:
        r = iptc.Rule()
        r.protocol = "tcp"
        r.src = net
        m = r.create_match("tcp")
        m.dport = str(port)
        r.target = iptc.Target(r, "ACCEPT")
        chain.append_rule(r)
    r = iptc.Rule()
    r.protocol = "tcp"
    r.create_match("tcp").dport = str(port)
    lg = r.create_target("LOG")
    lg.log_prefix = "modbus-drop: "
    chain.append_rule(r)
    r = iptc.Rule()
    r.protocol = "tcp"
    r.create_match("tcp").dport = str(port)
    r.target = iptc.Target(r, "DROP")
    chain.append_rule(r)


def hook_input(table, port):
    """Jump from INPUT and FORWARD into our chain exactly once."""
    for name in ("INPUT", "FORWARD"):
        parent = iptc.Chain(table, name)
        for rule in parent.rules:
            if rule.target.name == CHAIN:
                break
        else:
            j = iptc.Rule()
            j.protocol = "tcp"
            j.create_match("tcp").dport = str(port)
            j.target = iptc.Target(j, CHAIN)
            parent.insert_rule(j)
            log.info("%s -> %s", name, CHAIN)


def snapshot(path):
    rules = iptc.easy.dump_chain("filter", CHAIN)
    Path(path).write_text(json.dumps(rules, indent=2))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Restrict Modbus/TCP on the parlour gateway")
    ap.add_argument("policy", nargs="?", default="modbus_policy.yaml")
    ap.add_argument("--snapshot", default="modbus_rules.json",
                    help="write the applied chain here for the maintenance log")
    ap.add_argument("--check", action="store_true", help="validate the policy only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        port, nets = load_policy(args.policy)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("policy: %s", exc)
        return 1
    log.info("port %d open to %s", port, ", ".join(nets))
    if args.check:
        return 0
    if os.geteuid() != 0:
        log.error("must run as root to change netfilter rules")
        return 2

    table = iptc.Table(iptc.Table.FILTER)
    table.autocommit = False
    try:
        chain = ensure_chain(table)
        build_rules(chain, port, nets)
        hook_input(table, port)
        table.commit()
    except iptc.IPTCError as exc:
        log.error("netfilter update failed: %s", exc)
        table.refresh()
        return 3
    finally:
        table.autocommit = True
    snapshot(args.snapshot)
    log.info("rules applied, snapshot in %s", args.snapshot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
