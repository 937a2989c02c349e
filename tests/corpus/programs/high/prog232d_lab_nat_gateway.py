#!/usr/bin/env python3
"""Turn a bench PC into the NAT gateway for the set-top box lab VLAN.

The boxes on the lab VLAN (192.0.2.0/24) need to reach the test headend and
the activation API through the bench PC's uplink. This adds (or removes) the
forwarding and masquerade rules for that subnet only.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile

log = logging.getLogger("labnat")
TAG = "stb-lab-nat"

SCRIPT_HEAD = """#!/usr/bin/env bash
set -euo pipefail
echo "[labnat] $NAT_ACTION for $NAT_SUBNET via $NAT_UPLINK"
"""


class NatPlan:
    def __init__(self, subnet, lan_if, uplink, headend):
        self.subnet = ipaddress.ip_network(subnet)
        self.lan_if = lan_if
        self.uplink = uplink
        self.headend = ipaddress.ip_address(headend)

    def rules(self):
        """(table, chain, rule spec) for every rule this tool owns."""
        c = f'-m comment --comment "{TAG}"'
        return [
            ("nat", "POSTROUTING", f"-s {self.subnet} -o {self.uplink} {c} -j MASQUERADE"),
            ("filter", "FORWARD", f"-i {self.lan_if} -o {self.uplink} -s {self.subnet} {c} -j ACCEPT"),
            ("filter", "FORWARD", f"-i {self.uplink} -o {self.lan_if} -d {self.subnet} "
                                  f"-m conntrack --ctstate RELATED,ESTABLISHED {c} -j ACCEPT"),
            ("nat", "PREROUTING", f"-i {self.lan_if} -p udp --dport 1234 {c} "
                                  f"-j DNAT --to-destination {self.headend}:1234"),
        ]

    @staticmethod
    def _cmd(op, table, chain, spec):
        return f"sudo iptables -t {table} {op} {chain} {spec}"

    def render(self, action):
        lines = [SCRIPT_HEAD]
        if action == "up":
            lines.append("sudo sysctl -w net.ipv4.ip_forward=1")
            for table, chain, spec in self.rules():
                check = self._cmd("-C", table, chain, spec)
                add = self._cmd("-A", table, chain, spec)
                lines.append(f"{check} 2>/dev/null || {add}")
        else:
            for table, chain, spec in self.rules():
                lines.append(f"{self._cmd('-D', table, chain, spec)} 2>/dev/null || true")
        lines.append('echo "[labnat] tagged rules: $( (sudo iptables -S; sudo iptables -t nat -S) '
                     '| grep -c "$NAT_TAG")"')
        return "\n".join(lines) + "\n"


def run_plan(plan, action, dry_run):
    script = plan.render(action)
    if dry_run:
        sys.stdout.write(script)
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".sh", prefix="labnat_", delete=False) as fh:
        fh.write(script)
        path = fh.name
    env = dict(os.environ, NAT_ACTION=action, NAT_SUBNET=str(plan.subnet),
               NAT_UPLINK=plan.uplink, NAT_TAG=TAG)
    try:
        proc = subprocess.run(["bash", path], env=env, capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(path)
    for line in proc.stdout.splitlines():
        log.info("%s", line)
    if proc.returncode != 0:
        log.error("gateway %s failed: %s", action, proc.stderr.strip())
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["up", "down"])
    ap.add_argument("--subnet", default="192.0.2.0/24")
    ap.add_argument("--lan-if", default="enp3s0")
    ap.add_argument("--uplink", default="enp2s0")
    ap.add_argument("--headend", default="198.51.100.20", help="test headend multicast relay")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        plan = NatPlan(args.subnet, args.lan_if, args.uplink, args.headend)
    except ValueError as exc:
        log.error("bad address: %s", exc)
        return 2
    if not os.path.isdir(f"/sys/class/net/{args.lan_if}"):
        log.warning("interface %s not present on this host", args.lan_if)
    return run_plan(plan, args.action, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
