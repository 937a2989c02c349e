#!/usr/bin/env python3
"""Network setup for the showroom demo kiosk.

The kiosk tablet on the showroom Wi-Fi plays recordings of each harp and
lute served by the media box behind the workshop PC.  This script enables
forwarding on the workshop PC and adds port-forward rules so the kiosk
reaches the media box, by generating a bash script and running it with
sudo.
"""
import argparse
import ipaddress
import logging
import shlex
import subprocess
import sys

LOG = logging.getLogger("kiosk-net")

RULE_TAG = "showroom-kiosk"


def validate(args):
    ipaddress.ip_address(args.media_ip)
    ipaddress.ip_network(args.kiosk_net, strict=False)
    for port in args.ports:
        if not 0 < port < 65536:
            raise ValueError(f"bad port {port}")


def build_script(args):
    q = shlex.quote
    lines = [
        "#!/bin/bash",
        "set -euo pipefail",
        "sysctl -w net.ipv4.ip_forward=1",
        "echo 'net.ipv4.ip_forward = 1' > /etc/sysctl.d/60-showroom-kiosk.conf",
    ]
    for port in args.ports:
        match = (f"-i {q(args.wifi_if)} -s {q(args.kiosk_net)} -p tcp "
                 f"--dport {port}")
        comment = f"-m comment --comment {RULE_TAG}"
        lines += [
            f"iptables -t nat -C PREROUTING {match} {comment} "
            f"-j DNAT --to-destination {args.media_ip}:{port} 2>/dev/null || "
            f"iptables -t nat -A PREROUTING {match} {comment} "
            f"-j DNAT --to-destination {args.media_ip}:{port}",
            f"iptables -C FORWARD -s {q(args.kiosk_net)} -d {args.media_ip} -p tcp "
            f"--dport {port} {comment} -j ACCEPT 2>/dev/null || "
            f"iptables -A FORWARD -s {q(args.kiosk_net)} -d {args.media_ip} -p tcp "
            f"--dport {port} {comment} -j ACCEPT",
        ]
    lines += [
        f"iptables -t nat -C POSTROUTING -d {args.media_ip} -m comment "
        f"--comment {RULE_TAG} -j MASQUERADE 2>/dev/null || "
        f"iptables -t nat -A POSTROUTING -d {args.media_ip} -m comment "
        f"--comment {RULE_TAG} -j MASQUERADE",
        f"iptables -t nat -S | grep -c {RULE_TAG}",
    ]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--media-ip", default="192.0.2.20")
    ap.add_argument("--kiosk-net", default="198.51.100.0/24")
    ap.add_argument("--wifi-if", default="wlan0")
    ap.add_argument("--ports", type=int, nargs="+", default=[8096, 8920])
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        validate(args)
    except ValueError as exc:
        LOG.error("invalid setting: %s", exc)
        return 2

    script = build_script(args)
    if args.print_only:
        sys.stdout.write(script)
        return 0

    LOG.info("applying %d forward rule(s) for %s", len(args.ports), args.media_ip)
    proc = subprocess.run(["sudo", "bash", "-s"], input=script, text=True,
                          capture_output=True)
    if proc.returncode != 0:
        LOG.error("setup failed: %s", proc.stderr.strip())
        return 1
    counts = proc.stdout.split()
    LOG.info("rules tagged %s now present: %s", RULE_TAG,
             counts[-1] if counts else "unknown")
    return 0


if __name__ == "__main__":
    sys.exit(main())
