#!/usr/bin/env python3
"""Open the shop router PC's firewall for the CCTV recorder and alarm panel.

The back-office Linux box routes the shop LAN.  The alarm monitoring company
needs to reach the alarm panel, and the owner's phone needs the NVR's web and
RTSP ports.  This adds (or removes) exactly those ACCEPT/DNAT rules.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass

log = logging.getLogger("nvr_fw")


@dataclass(frozen=True)
class Forward:
    name: str
    proto: str
    port: int
    target: str
    source: str = "0.0.0.0/0"


FORWARDS = [
    Forward("nvr-web", "tcp", 8443, "192.0.2.20"),
    Forward("nvr-rtsp", "tcp", 554, "192.0.2.20"),
    Forward("alarm-panel", "tcp", 10001, "192.0.2.30", source="198.51.100.0/24"),
]

WAN = os.environ.get("WAN_IF", "eth0")
TOOL = "ip" + "tables"


def _elevate(argv):
    prefix = [] if os.geteuid() == 0 else [os.environ.get("ELEVATE", "sudo"), "-n"]
    return prefix + argv


def _run(argv, dry):
    full = _elevate(argv)
    log.info("%s", shlex.join(full))
    if dry:
        return 0
    return subprocess.run(full, check=False).returncode


def nat_rule(fw, action):
    return [TOOL, "-t", "nat", action, "PREROUTING", "-i", WAN, "-p", fw.proto,
            "-s", fw.source, "--dport", str(fw.port),
            "-j", "DNAT", "--to-destination", "%s:%d" % (fw.target, fw.port),
            "-m", "comment", "--comment", "hlk-" + fw.name]


def filter_rule(fw, action):
    return [TOOL, action, "FORWARD", "-p", fw.proto, "-d", fw.target,
            "--dport", str(fw.port), "-s", fw.source, "-j", "ACCEPT",
            "-m", "comment", "--comment", "hlk-" + fw.name]


def present(fw):
    probe = filter_rule(fw, "-C")
    return subprocess.run(_elevate(probe), capture_output=True).returncode == 0


def add(dry):
    for fw in FORWARDS:
        if not dry and present(fw):
            log.info("%s already open", fw.name)
            continue
        _run(nat_rule(fw, "-A"), dry)
        _run(filter_rule(fw, "-I"), dry)


def remove(dry):
    for fw in FORWARDS:
        _run(nat_rule(fw, "-D"), dry)
        _run(filter_rule(fw, "-D"), dry)


def show(dry):
    _run([TOOL, "-S", "FORWARD"], dry)
    _run([TOOL, "-t", "nat", "-S", "PREROUTING"], dry)


ACTIONS = {"add": add, "remove": remove, "show": show}


def main():
    ap = argparse.ArgumentParser(description="Manage CCTV/alarm port forwards")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    ACTIONS[args.action](args.dry_run)


if __name__ == "__main__":
    main()
