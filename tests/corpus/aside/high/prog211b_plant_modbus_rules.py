#!/usr/bin/env python3
"""Opens the screening plant's Modbus/TCP and weighbridge ports on the
site controller for the office subnet only, and lists what is in place."""
import argparse
import ipaddress
import logging
import subprocess
import sys

LOG = logging.getLogger("plant-rules")

SERVICES = {
    "modbus": 502,
    "weighbridge": 4001,
    "anpr": 554,
}
COMMENT = "haul-plant"


def rule_exists(port: int, source: str) -> bool:
    check = ["sudo", "iptables", "-C", "INPUT", "-p", "tcp", "-s", source,
             "--dport", str(port), "-m", "comment", "--comment", COMMENT, "-j", "ACCEPT"]
    return subprocess.run(check, capture_output=True).returncode == 0


def build_script(ports, source):
    lines = ["set -e"]
    for port in ports:
        if rule_exists(port, source):
            LOG.info("port %d already open for %s", port, source)
            continue
        lines.append(
            f"iptables -I INPUT -p tcp -s {source} --dport {port} "
            f"-m comment --comment {COMMENT} -j ACCEPT"
        )
    if len(lines) > 1:
        lines.append("mkdir -p /etc/iptables && iptables-save > /etc/iptables/rules.v4")
    return "\n".join(lines)


def apply(script: str, dry_run: bool) -> int:
    if script.strip() == "set -e":
        LOG.info("nothing to change")
        return 0
    LOG.info("rule script:\n%s", script)
    if dry_run:
        return 0
    proc = subprocess.run(["sudo", "bash", "-s"], input=script, text=True,
                          capture_output=True)
    if proc.returncode != 0:
        LOG.error("iptables failed: %s", proc.stderr.strip())
    return proc.returncode


def show():
    out = subprocess.run(["sudo", "iptables", "-S", "INPUT"], capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if COMMENT in line:
            print(line)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--source", default="192.0.2.0/24", help="office subnet")
    ap.add_argument("--service", action="append", choices=sorted(SERVICES),
                    help="service to open (default all)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        source = str(ipaddress.ip_network(args.source, strict=False))
    except ValueError as exc:
        LOG.error("bad subnet: %s", exc)
        return 2

    if args.show:
        show()
        return 0

    ports = [SERVICES[s] for s in (args.service or SERVICES)]
    try:
        rc = apply(build_script(ports, source), args.dry_run)
    except OSError as exc:
        LOG.error("cannot run iptables: %s", exc)
        return 1
    if rc == 0 and not args.dry_run:
        show()
    return rc


if __name__ == "__main__":
    sys.exit(main())
