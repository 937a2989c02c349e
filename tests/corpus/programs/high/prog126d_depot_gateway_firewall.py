#!/usr/bin/env python3
"""Open the depot gateway to the skip tag network.

The yard gateway (a small Debian box in the weighbridge office) receives MQTT
over TLS from the skip fill-level tags via the LoRa concentrator, plus the
weighbridge's Modbus feed.  This script renders the allow-list from
gateway.yaml into an iptables chain and loads it with iptables-restore, keeping
the rest of the host's ruleset as it is.
"""

import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("gw_firewall")
CHAIN = "SKIPTAG-IN"

DEFAULT_CONF = {
    "interface": "eth1",
    "services": [
        {"name": "mqtt-tls", "port": 8883, "proto": "tcp", "sources": ["10.40.0.0/22"]},
        {"name": "modbus-weighbridge", "port": 502, "proto": "tcp", "sources": ["10.40.8.15/32"]},
        {"name": "lora-udp", "port": 1700, "proto": "udp", "sources": ["10.40.0.2/32"]},
    ],
    "rate_limit": "50/second",
}


def load_conf(path):
    conf = dict(DEFAULT_CONF)
    p = Path(path)
    if p.exists():
        with p.open() as fh:
            conf.update(yaml.safe_load(fh) or {})
    for svc in conf["services"]:
        for src in svc["sources"]:
            ipaddress.ip_network(src, strict=False)
        if not 0 < int(svc["port"]) < 65536:
            raise ValueError(f"bad port for {svc['name']}")
    return conf


class RuleSet:
    def __init__(self, conf):
        self.conf = conf

    def lines(self):
        iface = self.conf["interface"]
        yield "*filter"
        yield f":{CHAIN} - [0:0]"
        yield f"-F {CHAIN}"
        for svc in self.conf["services"]:
            for src in svc["sources"]:
                yield (f"-A {CHAIN} -i {iface} -p {svc['proto']} -s {src} "
                       f"--dport {svc['port']} -m limit --limit {self.conf['rate_limit']} "
                       f"-m comment --comment \"{svc['name']}\" -j ACCEPT")
        yield f"-A {CHAIN} -j RETURN"
        yield "COMMIT"

    def render(self):
        return "\n".join(self.lines()) + "\n"


def hook_present(iface):
    r = subprocess.run(["iptables", "-C", "INPUT", "-i", iface, "-j", CHAIN],
                       capture_output=True)
    return r.returncode == 0


def apply(rules, iface, dry_run=False):
    text = rules.render()
    if dry_run:
        sys.stdout.write(text)
        return
    if not shutil.which("iptables-restore"):
        raise RuntimeError("iptables-restore not found")
    subprocess.run(["iptables-restore", "--noflush"], input=text, text=True, check=True)
    if not hook_present(iface):
        subprocess.run(["iptables", "-I", "INPUT", "1", "-i", iface, "-j", CHAIN], check=True)
    LOG.info("chain %s loaded and hooked on %s", CHAIN, iface)


def show():
    out = subprocess.run(["iptables", "-L", CHAIN, "-n", "-v"], capture_output=True, text=True)
    print(out.stdout or out.stderr)


def main():
    ap = argparse.ArgumentParser(description="Load the skip-tag allow-list on the depot gateway")
    ap.add_argument("-c", "--config", default="gateway.yaml")
    ap.add_argument("--dry-run", action="store_true", help="print the rules instead of loading")
    ap.add_argument("--show", action="store_true", help="show the chain after loading")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        conf = load_conf(args.config)
    except (ValueError, KeyError, yaml.YAMLError) as exc:
        LOG.error("bad config: %s", exc)
        return 2

    try:
        apply(RuleSet(conf), conf["interface"], args.dry_run)
    except (subprocess.CalledProcessError, RuntimeError) as exc:
        LOG.error("could not load rules: %s", exc)
        return 1
    if args.show and not args.dry_run:
        show()
    return 0


if __name__ == "__main__":
    sys.exit(main())
