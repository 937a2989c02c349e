#!/usr/bin/env python3
"""Render a declarative allow-list into an iptables chain and load it.

    pf_rule_manager.py rules.yaml [--chain NETOPS-IN] [--render-only]

rules.yaml:
    chain: NETOPS-IN
    default: DROP
    allow:
      - {proto: tcp, port: 22, from: 10.20.0.0/16, comment: bastion}
      - {proto: udp, port: 161, from: 10.30.5.0/24, comment: snmp pollers}

The chain is rebuilt atomically with iptables-restore --noflush so other
chains on the host are untouched; a jump from INPUT is added if missing.
"""
import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

log = logging.getLogger("pf-rules")


@dataclass
class Rule:
    proto: str
    port: int
    source: str
    comment: str = ""

    @classmethod
    def from_dict(cls, d):
        proto = str(d.get("proto", "tcp")).lower()
        if proto not in ("tcp", "udp"):
            raise ValueError(f"unsupported proto {proto!r}")
        port = int(d["port"])
        if not 0 < port < 65536:
            raise ValueError(f"bad port {port}")
        source = str(ipaddress.ip_network(d.get("from", "0.0.0.0/0"), strict=False))
        return cls(proto, port, source, str(d.get("comment", ""))[:200])

    def render(self, chain):
        parts = [f"-A {chain}", f"-p {self.proto}", f"-s {self.source}",
                 f"-m {self.proto} --dport {self.port}"]
        if self.comment:
            safe = self.comment.replace('"', "'")
            parts.append(f'-m comment --comment "{safe}"')
        parts.append("-j ACCEPT")
        return " ".join(parts)


class ChainBuilder:
    def __init__(self, chain, default, rules):
        self.chain = chain
        self.default = default
        self.rules = rules

    def restore_payload(self):
        lines = ["*filter", f":{self.chain} - [0:0]", f"-F {self.chain}",
                 f"-A {self.chain} -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT"]
        lines += [r.render(self.chain) for r in self.rules]
        if self.default == "DROP":
            lines.append(f"-A {self.chain} -j DROP")
        lines.append("COMMIT")
        return "\n".join(lines) + "\n"


class IptablesBackend:
    def __init__(self, use_sudo=True):
        self.prefix = ["sudo", "-n"] if use_sudo else []
        if not shutil.which("iptables-restore"):
            raise RuntimeError("iptables-restore not found")

    def _run(self, args, stdin=None):
        proc = subprocess.run(self.prefix + args, input=stdin, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"{' '.join(args)}: {proc.stderr.strip()}")
        return proc.stdout

    def load(self, payload):
        self._run(["iptables-restore", "--noflush"], stdin=payload)

    def ensure_jump(self, chain):
        try:
            self._run(["iptables", "-C", "INPUT", "-j", chain])
        except RuntimeError:
            self._run(["iptables", "-I", "INPUT", "1", "-j", chain])
            log.info("inserted INPUT -> %s jump", chain)


def parse_spec(path):
    data = yaml.safe_load(Path(path).read_text()) or {}
    rules = [Rule.from_dict(r) for r in data.get("allow", [])]
    default = str(data.get("default", "DROP")).upper()
    if default not in ("DROP", "RETURN"):
        raise ValueError("default must be DROP or RETURN")
    return data.get("chain"), default, rules


def main(argv=None):
    ap = argparse.ArgumentParser(description="manage the netops allow-list chain")
    ap.add_argument("spec")
    ap.add_argument("--chain")
    ap.add_argument("--render-only", action="store_true", help="print payload and exit")
    ap.add_argument("--no-sudo", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        spec_chain, default, rules = parse_spec(args.spec)
    except (OSError, ValueError, KeyError, yaml.YAMLError) as exc:
        log.error("invalid spec %s: %s", args.spec, exc)
        return 1

    chain = args.chain or spec_chain or "NETOPS-IN"
    payload = ChainBuilder(chain, default, rules).restore_payload()
    Path(f"./{chain.lower()}.rules").write_text(payload)
    if args.render_only:
        sys.stdout.write(payload)
        return 0

    try:
        backend = IptablesBackend(use_sudo=not args.no_sudo)
        backend.load(payload)
        backend.ensure_jump(chain)
    except RuntimeError as exc:
        log.error("apply failed: %s", exc)
        return 2
    log.info("chain %s loaded with %d rules (default %s)", chain, len(rules), default)
    return 0


if __name__ == "__main__":
    sys.exit(main())
