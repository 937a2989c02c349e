#!/usr/bin/env python3
"""Projector video network tuning.

The six dome projectors receive their slices over NDI on a dedicated VLAN.
Default socket buffers drop frames at 4K60, and the show PC's firewall
blocks the NDI discovery and stream ports. This script applies the tuned
kernel settings (persisted under /etc/sysctl.d) and opens the stream ports
for the projector subnet only.
"""
import argparse
import logging
import os
import shlex
import subprocess
from pathlib import Path

LOG = logging.getLogger("dome.netsetup")

PROJECTOR_SUBNET = os.environ.get("PROJECTOR_SUBNET", "192.0.2.0/26")
SYSCTL_FILE = Path("/etc/sysctl.d/60-dome-ndi.conf")

TUNING = {
    "net.core.rmem_max": "67108864",
    "net.core.wmem_max": "67108864",
    "net.core.rmem_default": "16777216",
    "net.core.netdev_max_backlog": "30000",
    "net.ipv4.udp_mem": "65536 131072 262144",
}

NDI_PORTS = [("tcp", "5353"), ("udp", "5353"), ("tcp", "5959:5990"), ("udp", "5960:5990")]


class Privileged:
    """Runs commands with elevation when we are not already root."""

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def run(self, argv: list, stdin: str = None) -> int:
        full = self.prefix + argv
        LOG.info("$ %s", shlex.join(full))
        if self.dry_run:
            return 0
        proc = subprocess.run(full, input=stdin, text=True, capture_output=True)
        if proc.returncode != 0:
            LOG.error("failed (%d): %s", proc.returncode, proc.stderr.strip())
        return proc.returncode


def render_sysctl() -> str:
    lines = ["# Dome projector NDI tuning (managed by projector_net_setup.py)"]
    lines += [f"{k} = {v}" for k, v in TUNING.items()]
    return "\n".join(lines) + "\n"


def apply_sysctl(p: Privileged) -> None:
    p.run(["tee", str(SYSCTL_FILE)], stdin=render_sysctl())
    for key, value in TUNING.items():
        p.run(["sysctl", "-w", f"{key}={value}"])


def rule_exists(p: Privileged, spec: list) -> bool:
    return p.run(["iptables", "-C", "INPUT"] + spec) == 0


def open_ports(p: Privileged, subnet: str) -> None:
    for proto, port in NDI_PORTS:
        spec = ["-p", proto, "-s", subnet, "--dport", port, "-j", "ACCEPT",
                "-m", "comment", "--comment", "dome-ndi"]
        if not p.dry_run and rule_exists(p, spec):
            LOG.info("rule for %s/%s already present", proto, port)
            continue
        p.run(["iptables", "-I", "INPUT", "1"] + spec)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--subnet", default=PROJECTOR_SUBNET)
    ap.add_argument("--skip-sysctl", action="store_true")
    ap.add_argument("--skip-firewall", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    p = Privileged(args.dry_run)
    if not args.skip_sysctl:
        apply_sysctl(p)
    if not args.skip_firewall:
        open_ports(p, args.subnet)
    LOG.info("projector network tuning applied for %s", args.subnet)


if __name__ == "__main__":
    main()
