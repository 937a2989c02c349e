#!/usr/bin/env python3
"""Open the AIS receiver port for the coastal base stations.

Adds iptables ACCEPT rules for the NMEA/UDP feed from the base station
subnets so the shore collector receives vessel positions. Existing rules
are detected with `iptables -C` and not duplicated.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile

DEFAULT_SOURCES = ["198.51.100.0/24", "203.0.113.64/27"]
DEFAULT_PORT = 10110
CHAIN = "INPUT"
COMMENT = "ferry-ais-feed"

log = logging.getLogger("ais-fw")


class RulePlan:
    def __init__(self, port: int, proto: str, sources):
        self.port = port
        self.proto = proto
        self.sources = [str(ipaddress.ip_network(s, strict=False)) for s in sources]

    def rule_args(self, src: str) -> str:
        return (f"-p {self.proto} -s {src} --dport {self.port} "
                f"-m comment --comment {COMMENT} -j ACCEPT")

    def script(self) -> str:
        lines = [
            "#!/bin/bash",
            "set -u",
            "added=0",
        ]
        for src in self.sources:
            args = self.rule_args(src)
            lines.append(f"if iptables -C {CHAIN} {args} 2>/dev/null; then")
            lines.append(f"  echo 'exists {src}'")
            lines.append("else")
            lines.append(f"  iptables -I {CHAIN} 1 {args} && echo 'added {src}' && added=$((added+1))")
            lines.append("fi")
        lines.append("echo \"total_added=$added\"")
        lines.append(f"iptables -S {CHAIN} | grep -c {COMMENT} | sed 's/^/rules_present=/'")
        return "\n".join(lines) + "\n"


def apply(plan: RulePlan, dry_run: bool) -> int:
    body = plan.script()
    if dry_run:
        print(body)
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(body)
        path = fh.name
    try:
        proc = subprocess.run(["bash", path], capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(path)
    for line in proc.stdout.splitlines():
        log.info("%s", line)
    if proc.returncode:
        log.error("iptables script failed rc=%d: %s", proc.returncode, proc.stderr.strip())
    return proc.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=int(os.environ.get("AIS_PORT", DEFAULT_PORT)))
    ap.add_argument("--proto", choices=["udp", "tcp"], default="udp")
    ap.add_argument("--source", action="append", help="base station subnet (repeatable)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.dry_run and os.geteuid() != 0:
        log.error("run as root (iptables needs CAP_NET_ADMIN)")
        return 1
    try:
        plan = RulePlan(args.port, args.proto, args.source or DEFAULT_SOURCES)
    except ValueError as exc:
        log.error("bad source network: %s", exc)
        return 2
    log.info("opening %s/%d for %s", args.proto, args.port, ", ".join(plan.sources))
    return apply(plan, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
