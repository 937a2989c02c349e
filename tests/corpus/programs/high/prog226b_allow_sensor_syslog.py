#!/usr/bin/env python3
"""allow_sensor_syslog.py - let the freezer sensor gateways send syslog here.

The wireless gateways in the cold rooms forward alarms as syslog over UDP 514.
This tool reads the list of gateway subnets, writes a small shell script of
iptables commands that add an ACCEPT rule per subnet (only if it is missing)
and runs it with sudo. Existing rules and policies are left untouched.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("allow_sensor_syslog")

CHAIN = "INPUT"
COMMENT = "seedbank-sensor-syslog"


def load_subnets(path: Path) -> list:
    subnets = []
    for lineno, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            net = ipaddress.ip_network(line, strict=False)
        except ValueError:
            log.warning("%s:%d: not a network: %r", path, lineno, line)
            continue
        if net.prefixlen < 16:
            log.warning("%s:%d: %s is too broad, skipped", path, lineno, net)
            continue
        subnets.append(net)
    return subnets


def render_script(subnets: list, port: int) -> str:
    lines = ["#!/bin/bash", "set -eu"]
    for net in subnets:
        spec = (
            f"{CHAIN} -s {net} -p udp --dport {port} "
            f"-m comment --comment {COMMENT} -j ACCEPT"
        )
        lines.append(f"if ! iptables -C {spec} 2>/dev/null; then")
        lines.append(f"  iptables -I {spec}")
        lines.append(f"  echo added {net}")
        lines.append("else")
        lines.append(f"  echo present {net}")
        lines.append("fi")
    lines.append(f"iptables -S {CHAIN} | grep -c {COMMENT} || true")
    return "\n".join(lines) + "\n"


def apply(script: str, dry_run: bool) -> int:
    if dry_run:
        print(script)
        return 0
    fd, path = tempfile.mkstemp(prefix="sensor_fw_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script)
    try:
        proc = subprocess.run(
            ["sudo", "bash", path], capture_output=True, text=True, timeout=60
        )
        for line in proc.stdout.splitlines():
            log.info("iptables: %s", line)
        if proc.returncode != 0:
            log.error("rule script failed: %s", proc.stderr.strip())
        return proc.returncode
    finally:
        os.unlink(path)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--subnets", type=Path, default=Path("sensor_subnets.txt"))
    p.add_argument("--port", type=int, default=514)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.subnets.exists():
        log.error("subnet list %s not found", args.subnets)
        return 2
    if not 1 <= args.port <= 65535:
        log.error("bad port %d", args.port)
        return 2
    subnets = load_subnets(args.subnets)
    if not subnets:
        log.error("no usable subnets")
        return 1
    log.info("allowing syslog from %s", ", ".join(map(str, subnets)))
    return apply(render_script(subnets, args.port), args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
