#!/usr/bin/env python3
"""Set up the roaster-PC side of the PLC gateway network.

The roaster PLCs sit on their own little LAN (eth1). The office network needs
to read profile data from them, so the roaster PC forwards a couple of ports
from the office side to the PLCs. Run after every reboot of the roaster PC.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("plcnet")

FORWARD_KNOB = Path("/proc/sys/net/ipv4") / "ip_forward"


@dataclass
class Forward:
    name: str
    listen_port: int
    plc_ip: str
    plc_port: int


FORWARDS = [
    Forward("probat-modbus", 1502, "198.51.100.11", 502),
    Forward("giesen-modbus", 2502, "198.51.100.12", 502),
    Forward("giesen-web", 8081, "198.51.100.12", 80),
]


class NetTool:
    """Thin wrapper so the same code can run with or without elevation."""

    def __init__(self, dry_run=False, elevate=True):
        self.dry_run = dry_run
        self.prefix = []
        if elevate and shutil.which("sudo"):
            self.prefix = ["sudo", "-n"]

    def run(self, *parts):
        cmd = self.prefix + [str(p) for p in parts]
        log.debug("exec %s", " ".join(cmd))
        if self.dry_run:
            print(" ".join(cmd))
            return 0
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            log.warning("%s -> %s", " ".join(cmd), proc.stderr.strip())
        return proc.returncode


def enable_forwarding(tool):
    if tool.dry_run:
        print(f"echo 1 > {FORWARD_KNOB}")
        return
    try:
        FORWARD_KNOB.write_text("1\n")
    except PermissionError:
        # not root; go through sysctl instead
        tool.run("sysctl", "-w", "net.ipv4.ip_forward=1")


def table_cmd(table, chain_op, chain, *rule):
    # iptables-legacy and iptables-nft take the same arguments
    binary = "ip" + "tables"
    return [binary, "-t", table, chain_op, chain, *rule]


def apply_forward(tool, fwd, office_if, plc_if):
    log.info("forwarding %s: :%d -> %s:%d", fwd.name, fwd.listen_port, fwd.plc_ip, fwd.plc_port)
    dnat = table_cmd("nat", "-A", "PREROUTING", "-i", office_if, "-p", "tcp",
                     "--dport", fwd.listen_port, "-j", "DNAT",
                     "--to-destination", f"{fwd.plc_ip}:{fwd.plc_port}")
    allow = table_cmd("filter", "-A", "FORWARD", "-i", office_if, "-o", plc_if, "-p", "tcp",
                      "-d", fwd.plc_ip, "--dport", fwd.plc_port, "-j", "ACCEPT")
    rc = tool.run(*dnat)
    rc |= tool.run(*allow)
    return rc


def apply_masquerade(tool, plc_if):
    return tool.run(*table_cmd("nat", "-A", "POSTROUTING", "-o", plc_if, "-j", "MASQUERADE"))


def remove_ours(tool, office_if, plc_if):
    # delete exactly the rules we add so a rerun doesn't stack duplicates
    for fwd in FORWARDS:
        tool.run(*table_cmd("nat", "-D", "PREROUTING", "-i", office_if, "-p", "tcp",
                            "--dport", fwd.listen_port, "-j", "DNAT",
                            "--to-destination", f"{fwd.plc_ip}:{fwd.plc_port}"))
    tool.run(*table_cmd("nat", "-D", "POSTROUTING", "-o", plc_if, "-j", "MASQUERADE"))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--office-if", default="eth0")
    parser.add_argument("--plc-if", default="eth1")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--reset", action="store_true", help="remove our NAT rules first")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    tool = NetTool(dry_run=args.dry_run)
    if args.reset:
        remove_ours(tool, args.office_if, args.plc_if)
    enable_forwarding(tool)
    failures = 0
    for fwd in FORWARDS:
        if apply_forward(tool, fwd, args.office_if, args.plc_if) != 0:
            failures += 1
    apply_masquerade(tool, args.plc_if)
    if failures:
        log.error("%d forward(s) failed", failures)
        return 1
    log.info("PLC gateway ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
