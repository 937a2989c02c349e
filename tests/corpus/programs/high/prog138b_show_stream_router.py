#!/usr/bin/env python3
"""Route the flying-display camera streams through the show-ground box.

On show days the arena cameras sit on an isolated network behind the
show-ground box. The streaming encoder in the office needs to reach
them, so this sets up forwarding and one port mapping per camera, and
removes the mappings again with --down after the show.
"""
import argparse
import logging
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("stream-router")

CAMERAS = {
    "arena-wide": ("198.51.100.61", 554, 8554),
    "arena-glove": ("198.51.100.62", 554, 8555),
    "lure-cam": ("198.51.100.63", 554, 8556),
}
OUTSIDE_IF = "eth0"
CAMERA_IF = "eth1"

# rule templates; {op} becomes -A when bringing up and -D when tearing down
TEMPLATES = {
    "dnat": "{fw} -t nat {op} PREROUTING -i {oif} -p tcp --dport {ext} "
            "-j DNAT --to-destination {ip}:{port}",
    "fwd": "{fw} {op} FORWARD -i {oif} -o {cif} -p tcp -d {ip} --dport {port} -j ACCEPT",
    "masq": "{fw} -t nat {op} POSTROUTING -o {cif} -j MASQUERADE",
}
FORWARD_KNOB = Path("/proc/sys/net/ipv4") / "ip_forward"


def firewall_binary():
    # newer images ship the nft-backed frontend under a different name
    for cand in ("iptables", "iptables-nft", "iptables-legacy"):
        for d in ("/usr/sbin", "/sbin"):
            p = Path(d) / cand
            if p.exists():
                return str(p)
    return "iptables"


def run(cmd, dry):
    LOG.info("%s", cmd)
    if dry:
        return True
    res = subprocess.run(shlex.split(cmd), capture_output=True, text=True)
    if res.returncode != 0:
        LOG.warning("failed: %s", res.stderr.strip())
        return False
    return True


def set_forwarding(enabled, dry):
    value = "1" if enabled else "0"
    LOG.info("ip forwarding -> %s", value)
    if not dry:
        FORWARD_KNOB.write_text(value + "\n")


def build_rules(op):
    fw = firewall_binary()
    rules = []
    for name, (ip, port, ext) in CAMERAS.items():
        for kind in ("dnat", "fwd"):
            rules.append(TEMPLATES[kind].format(fw=fw, op=op, oif=OUTSIDE_IF,
                                                cif=CAMERA_IF, ip=ip,
                                                port=port, ext=ext))
    rules.append(TEMPLATES["masq"].format(fw=fw, op=op, cif=CAMERA_IF))
    return rules


def up(dry):
    set_forwarding(True, dry)
    failures = sum(not run(r, dry) for r in build_rules("-A"))
    for name, (_, _, ext) in CAMERAS.items():
        LOG.info("%s available on port %d", name, ext)
    return failures


def down(dry):
    failures = sum(not run(r, dry) for r in reversed(build_rules("-D")))
    set_forwarding(False, dry)
    return failures


def main():
    ap = argparse.ArgumentParser(description="camera stream routing for show days")
    grp = ap.add_mutually_exclusive_group(required=True)
    grp.add_argument("--up", action="store_true")
    grp.add_argument("--down", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        failures = up(args.dry_run) if args.up else down(args.dry_run)
    except PermissionError:
        LOG.error("needs root: run with sudo on the show-ground box")
        return 1
    if failures:
        LOG.warning("%d rule(s) failed", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
