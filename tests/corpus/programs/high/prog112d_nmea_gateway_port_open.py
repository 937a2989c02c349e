#!/usr/bin/env python3
"""Prepare a base-office Linux box to receive NMEA 0183 engine/GPS feeds.

Each hire boat's onboard gateway streams NMEA sentences over UDP to the base
office when it is within Wi-Fi range of the marina.  This helper makes sure
the receiver port is open for the marina subnet only, and records what it
changed in ./gateway_rules.json so `--remove` can undo it at end of season.
"""
import argparse
import ipaddress
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("nmea-port")

STATE = Path("gateway_rules.json")
CHAIN = "INPUT"
COMMENT = "nmea-gateway"


class Firewall:
    """Thin wrapper around iptables, run through sudo when not root."""

    def __init__(self, use_sudo=True, dry_run=False):
        self.binary = shutil.which("iptables") or "/usr/sbin/iptables"
        self.prefix = ["sudo", "-n"] if use_sudo else []
        self.dry_run = dry_run

    def _run(self, *args, check=True):
        cmd = [*self.prefix, self.binary, "-w", "5", *args]
        log.debug("exec: %s", " ".join(cmd))
        if self.dry_run:
            print(" ".join(cmd))
            return 0
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if check and proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"iptables exit {proc.returncode}")
        return proc.returncode

    def rule_spec(self, subnet, port, proto):
        return [CHAIN, "-p", proto, "-s", str(subnet), "--dport", str(port),
                "-m", "comment", "--comment", COMMENT, "-j", "ACCEPT"]

    def exists(self, spec):
        return self._run("-C", *spec, check=False) == 0

    def add(self, spec):
        self._run("-I", *spec)

    def delete(self, spec):
        self._run("-D", *spec)


def load_state():
    return json.loads(STATE.read_text()) if STATE.exists() else []


def save_state(rules):
    STATE.write_text(json.dumps(rules, indent=2))


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--subnet", default="192.168.40.0/24", help="marina Wi-Fi subnet")
    ap.add_argument("--port", type=int, default=10110, help="NMEA UDP port")
    ap.add_argument("--tcp", action="store_true", help="also open TCP (for OpenCPN clients)")
    ap.add_argument("--remove", action="store_true", help="remove rules recorded in state file")
    ap.add_argument("--no-sudo", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    fw = Firewall(use_sudo=not args.no_sudo, dry_run=args.dry_run)

    if args.remove:
        remaining = []
        for spec in load_state():
            try:
                fw.delete(spec)
                log.info("removed %s", " ".join(spec))
            except RuntimeError as exc:
                log.warning("could not remove rule: %s", exc)
                remaining.append(spec)
        save_state(remaining)
        return 0 if not remaining else 1

    try:
        subnet = ipaddress.ip_network(args.subnet, strict=False)
    except ValueError as exc:
        log.error("bad subnet: %s", exc)
        return 2
    if subnet.num_addresses > 4096:
        log.error("refusing to open the port to %s; use the marina subnet", subnet)
        return 2

    protos = ["udp"] + (["tcp"] if args.tcp else [])
    recorded = load_state()
    for proto in protos:
        spec = fw.rule_spec(subnet, args.port, proto)
        try:
            if fw.exists(spec):
                log.info("%s/%d already open for %s", proto, args.port, subnet)
                continue
            fw.add(spec)
        except RuntimeError as exc:
            log.error("iptables failed: %s", exc)
            return 1
        recorded.append(spec)
        log.info("opened %s/%d for %s", proto, args.port, subnet)
    if not args.dry_run:
        save_state(recorded)
    return 0


if __name__ == "__main__":
    sys.exit(main())
