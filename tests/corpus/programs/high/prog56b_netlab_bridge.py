#!/usr/bin/env python3
"""Prepare a host for the container networking lab.

Creates a bridge for the lab VMs and turns on packet forwarding. The actual
commands are emitted as a small POSIX shell script and streamed to sh.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys
import textwrap

LOG = logging.getLogger("netlab")

KERNEL_KNOBS = {
    "net.ipv4.ip_forward": "1",
    "net.ipv6.conf.all.forwarding": "1",
    "net.ipv4.conf.all.proxy_arp": "1",
}


def build_script(bridge, cidr, knobs, persist):
    net = ipaddress.ip_interface(cidr)
    lines = ["set -e"]
    for key, value in knobs.items():
        lines.append(f"sysctl -q -w {key}={value}")
    lines.append(textwrap.dedent(f"""\
        if ! ip link show {bridge} >/dev/null 2>&1; then
            ip link add name {bridge} type bridge
        fi
        ip addr replace {net.with_prefixlen} dev {bridge}
        ip link set {bridge} up"""))
    if persist:
        body = "\\n".join(f"{k} = {v}" for k, v in knobs.items())
        lines.append(f"printf '{body}\\n' > /etc/sysctl.d/60-netlab.conf")
    return "\n".join(lines) + "\n"


def stream_to_shell(script, dry_run):
    if dry_run:
        sys.stdout.write(script)
        return 0
    proc = subprocess.Popen(["sh", "-s"], stdin=subprocess.PIPE, text=True)
    proc.communicate(script)
    return proc.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bridge", default="labbr0")
    ap.add_argument("--cidr", default="10.77.0.1/24")
    ap.add_argument("--persist", action="store_true",
                    help="also keep the kernel settings across reboots")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        ipaddress.ip_interface(args.cidr)
    except ValueError as exc:
        LOG.error("bad --cidr: %s", exc)
        return 2
    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("must run as root (try with --dry-run to inspect)")
        return 1

    script = build_script(args.bridge, args.cidr, KERNEL_KNOBS, args.persist)
    rc = stream_to_shell(script, args.dry_run)
    if rc:
        LOG.error("setup script exited with %d", rc)
    else:
        LOG.info("bridge %s ready on %s", args.bridge, args.cidr)
    return rc


if __name__ == "__main__":
    sys.exit(main())
