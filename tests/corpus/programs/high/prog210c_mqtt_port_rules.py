#!/usr/bin/env python3
"""Open the MQTT broker port for the prop network on the room server.

Props publish puzzle-solved events to the broker on 1883. This adds
iptables rules that accept that traffic from the prop VLAN only.
"""
import argparse
import ipaddress
import logging
import os
import shlex
import subprocess
import sys
import tempfile

LOG = logging.getLogger("mqtt-rules")
CHAIN = "PROPNET"


def build_rules(subnet, ports, iface):
    rules = [
        f"iptables -N {CHAIN} 2>/dev/null || iptables -F {CHAIN}",
        f"iptables -C INPUT -i {iface} -j {CHAIN} 2>/dev/null || "
        f"iptables -I INPUT -i {iface} -j {CHAIN}",
    ]
    for port in ports:
        rules.append(
            f"iptables -A {CHAIN} -p tcp -s {subnet} --dport {port} -j ACCEPT")
    rules.append(f"iptables -A {CHAIN} -p tcp -m multiport --dports "
                 f"{','.join(map(str, ports))} -j DROP")
    rules.append(f"iptables -A {CHAIN} -j RETURN")
    return rules


def apply_rules(rules, dry_run):
    script = "#!/bin/bash\nset -e\n" + "\n".join(rules) + "\n"
    if dry_run:
        print(script)
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(script)
        path = fh.name
    try:
        LOG.info("applying %d rules", len(rules))
        res = subprocess.run(["sudo", "bash", path], capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("iptables failed: %s", res.stderr.strip())
        return res.returncode
    finally:
        os.unlink(path)


def show_chain():
    res = subprocess.run(["sudo", "iptables", "-L", CHAIN, "-n", "--line-numbers"],
                         capture_output=True, text=True)
    print(res.stdout or res.stderr)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--subnet", default=os.environ.get("PROP_SUBNET", "192.0.2.0/24"))
    p.add_argument("--iface", default=os.environ.get("PROP_IFACE", "eth1"))
    p.add_argument("--port", type=int, action="append", dest="ports")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--show", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    try:
        subnet = ipaddress.ip_network(args.subnet, strict=False)
    except ValueError as exc:
        LOG.error("bad subnet: %s", exc)
        return 1
    ports = args.ports or [1883, 8883]
    if any(not 0 < p_ < 65536 for p_ in ports):
        LOG.error("port out of range")
        return 1

    rules = build_rules(subnet, ports, shlex.quote(args.iface))
    rc = apply_rules(rules, args.dry_run)
    if rc == 0 and args.show and not args.dry_run:
        show_chain()
    return rc


if __name__ == "__main__":
    sys.exit(main())
