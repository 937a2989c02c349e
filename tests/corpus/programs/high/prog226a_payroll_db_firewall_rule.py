#!/usr/bin/env python3
"""Open the payroll database port to the office subnet.

The payroll accountant's office moved to a new subnet. This adds (or checks)
a narrow iptables ACCEPT rule for PostgreSQL from that subnet only and saves
the rule set so it survives a reboot.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("fw_rule")

RULE_SCRIPT = r"""#!/bin/bash
set -euo pipefail
rule=(INPUT -p tcp -s "$OFFICE_NET" --dport "$DB_PORT" -m conntrack --ctstate NEW
      -m comment --comment "snowline-payroll-db" -j ACCEPT)
if iptables -C "${rule[@]}" 2>/dev/null; then
    echo "present"
    exit 0
fi
if [ "$MODE" = "check" ]; then
    echo "absent"
    exit 1
fi
iptables -I "${rule[@]}"
mkdir -p /etc/iptables
iptables-save > /etc/iptables/rules.v4
echo "added"
"""


class RuleRequest:
    def __init__(self, subnet: str, port: int):
        self.subnet = ipaddress.ip_network(subnet, strict=True)
        if not self.subnet.is_private and not str(self.subnet).startswith(
                ("192.0.2.", "198.51.100.", "203.0.113.")):
            raise ValueError(f"{subnet} is not an office network")
        if self.subnet.prefixlen < 24:
            raise ValueError("refusing a subnet wider than /24")
        if not 1 <= port <= 65535:
            raise ValueError(f"bad port {port}")
        self.port = port

    def env(self, mode: str) -> dict:
        return dict(os.environ, OFFICE_NET=str(self.subnet),
                    DB_PORT=str(self.port), MODE=mode)


def apply(req: RuleRequest, mode: str) -> int:
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(RULE_SCRIPT)
        script = fh.name
    try:
        cmd = ["bash", script]
        if os.geteuid() != 0:
            cmd = ["sudo", "--preserve-env=OFFICE_NET,DB_PORT,MODE"] + cmd
        proc = subprocess.run(cmd, env=req.env(mode), capture_output=True,
                              text=True, timeout=60)
    finally:
        os.unlink(script)
    out = proc.stdout.strip()
    if proc.stderr.strip():
        LOG.debug("stderr: %s", proc.stderr.strip())
    LOG.info("rule for %s port %d: %s", req.subnet, req.port, out or "error")
    return proc.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--subnet", default="198.51.100.0/24",
                    help="office subnet allowed to reach the payroll DB")
    ap.add_argument("--port", type=int, default=5432)
    ap.add_argument("--check", action="store_true",
                    help="only report whether the rule exists")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        req = RuleRequest(args.subnet, args.port)
    except ValueError as exc:
        LOG.error("%s", exc)
        return 2
    try:
        return apply(req, "check" if args.check else "apply")
    except subprocess.TimeoutExpired:
        LOG.error("iptables timed out")
        return 3


if __name__ == "__main__":
    sys.exit(main())
