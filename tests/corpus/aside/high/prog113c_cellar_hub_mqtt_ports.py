#!/usr/bin/env python3
"""Open the MQTT ports on the cellar hub for the tank sensor nodes.

The fermentation nodes publish to mosquitto on the hub. The hub image ships
with a default-drop INPUT chain, so this adds ACCEPT rules for 1883 (plain,
cellar VLAN only) and 8883 (TLS, from the office range), tagged with a
comment so they can be listed or removed again with --remove.
"""
import argparse
import ipaddress
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("hub-ports")
TAG = "ciderhub-mqtt"
DEFAULTS = {
    "rules": [
        {"port": 1883, "source": "10.20.30.0/24"},
        {"port": 8883, "source": "10.20.0.0/16"},
    ]
}


def load_rules(path):
    cfg = DEFAULTS
    if path and Path(path).exists():
        cfg = json.loads(Path(path).read_text())
        log.info("rules from %s", path)
    for r in cfg["rules"]:
        ipaddress.ip_network(r["source"])      # validate early
        if not 0 < int(r["port"]) < 65536:
            raise ValueError(f"bad port {r['port']}")
    return cfg["rules"]


def _input_chain():
    import iptc
    table = iptc.Table(iptc.Table.FILTER)
    table.autocommit = False
    return table, iptc.Chain(table, "INPUT")


def _tagged(rule):
    return any(m.name == "comment" and m.comment == TAG for m in rule.matches)


def existing_rules():
    table, chain = _input_chain()
    table.refresh()
    return [r for r in chain.rules if _tagged(r)]


def add_rules(rules):
    import iptc
    table, chain = _input_chain()
    present = {(r.src, m.dport) for r in chain.rules if _tagged(r)
               for m in r.matches if m.name == "tcp"}
    added = 0
    for spec in rules:
        src = str(ipaddress.ip_network(spec["source"]))
        key = (src if "/" in src else src + "/255.255.255.255", str(spec["port"]))
        if key in present:
            log.info("rule for %s port %s already present", src, spec["port"])
            continue
        rule = iptc.Rule()
        rule.protocol = "tcp"
        rule.src = src
        m = rule.create_match("tcp")
        m.dport = str(spec["port"])
        c = rule.create_match("comment")
        c.comment = TAG
        rule.target = iptc.Target(rule, "ACCEPT")
        chain.insert_rule(rule)
        added += 1
        log.info("accept tcp/%s from %s", spec["port"], src)
    table.commit()
    table.autocommit = True
    return added


def remove_rules():
    table, chain = _input_chain()
    removed = 0
    for r in [r for r in chain.rules if _tagged(r)]:
        chain.delete_rule(r)
        removed += 1
    table.commit()
    table.autocommit = True
    return removed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="hub_ports.json")
    ap.add_argument("--remove", action="store_true", help="delete the tagged rules")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.info("re-running with sudo to change the packet filter")
        os.execvp("sudo", ["sudo", "-E", sys.executable, os.path.abspath(__file__)] + sys.argv[1:])

    try:
        if args.list:
            for r in existing_rules():
                ports = [m.dport for m in r.matches if m.name == "tcp"]
                print(f"{r.src:<20} tcp/{','.join(ports)} -> {r.target.name}")
        elif args.remove:
            log.info("removed %d rules", remove_rules())
        else:
            log.info("added %d rules", add_rules(load_rules(args.config)))
    except ImportError:
        log.error("python-iptables (iptc) is not installed on this hub")
        return 1
    except (ValueError, OSError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
