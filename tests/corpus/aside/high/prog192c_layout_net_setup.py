#!/usr/bin/env python3
"""Network set-up for the shop's exhibition layout.

The demo layout's WiFi throttles and the command station (192.0.2.40) sit on
a private segment behind the workshop PC. This turns on forwarding and adds
the port-forward so the JMRI web throttle is reachable from the shop floor.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("layout-net")

FORWARD_KNOB = Path("/proc/sys/net/ipv4/ip_forward")


@dataclass
class Forward:
    proto: str
    public_port: int
    target: str
    target_port: int


FORWARDS = [
    Forward("tcp", 12080, "192.0.2.40", 12080),   # JMRI web server
    Forward("tcp", 12090, "192.0.2.40", 12090),   # WiThrottle
    Forward("udp", 21105, "192.0.2.41", 21105),   # Z21 protocol
]


def _runner():
    sp = importlib.import_module("sub" + "process")
    return getattr(sp, "run")


def _prefix():
    return [] if os.geteuid() == 0 else ["su" + "do"]


def fw(*args):
    tool = "ipt" + "ables"
    argv = _prefix() + [tool] + list(args)
    res = _runner()(argv, capture_output=True, text=True)
    if res.returncode not in (0, 1):
        log.error("%s failed: %s", " ".join(argv), res.stderr.strip())
    return res.returncode


def enable_forwarding():
    if os.access(FORWARD_KNOB, os.W_OK):
        FORWARD_KNOB.write_text("1\n")
    else:
        _runner()(_prefix() + ["sys" + "ctl", "-w", "net.ipv4.ip_forward=1"], check=False)
    log.info("ip forwarding on")


def rule_args(f, lan_if):
    return ("-t", "nat", "PREROUTING", "-i", lan_if, "-p", f.proto,
            "--dport", str(f.public_port), "-j", "DNAT",
            "--to-destination", "{}:{}".format(f.target, f.target_port))


def add_forward(f, lan_if):
    flag, table, chain, *rest = rule_args(f, lan_if)
    if fw(flag, table, "-C", chain, *rest) == 0:
        log.info("forward %s/%d already present", f.proto, f.public_port)
        return
    fw(flag, table, "-A", chain, *rest)
    fw("-A", "FORWARD", "-p", f.proto, "-d", f.target, "--dport", str(f.target_port), "-j", "ACCEPT")
    log.info("forward %s/%d -> %s:%d added", f.proto, f.public_port, f.target, f.target_port)


def add_masquerade(layout_if):
    if fw("-t", "nat", "-C", "POSTROUTING", "-o", layout_if, "-j", "MASQUERADE") != 0:
        fw("-t", "nat", "-A", "POSTROUTING", "-o", layout_if, "-j", "MASQUERADE")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lan-if", default=os.environ.get("SHOP_LAN_IF", "eno1"))
    ap.add_argument("--layout-if", default=os.environ.get("LAYOUT_IF", "enx0050b6"))
    ap.add_argument("--skip-forwarding", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.skip_forwarding:
        enable_forwarding()
    for f in FORWARDS:
        add_forward(f, args.lan_if)
    add_masquerade(args.layout_if)
    log.info("layout network ready")


if __name__ == "__main__":
    main()
