#!/usr/bin/env python3
"""Apply the PCI-DSS egress policy on a cardholder-data-environment host.

Req. 1.3.2 asks us to restrict outbound traffic from the CDE to what is
necessary.  The allowed destinations live in ``cde_egress.toml``; this tool
adds the matching ACCEPT rules to a dedicated chain, jumps to it from
OUTPUT, appends a final logged REJECT and persists the result.
"""
from __future__ import annotations

import argparse
import ipaddress
import logging
import os
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass

log = logging.getLogger("cde_egress")
CHAIN = "CDE_EGRESS"
RULES_V4 = "/etc/iptables/rules.v4"
IPT = "iptables"


@dataclass(frozen=True)
class Allow:
    name: str
    cidr: str
    proto: str
    port: int

    def spec(self) -> list[str]:
        return ["-d", self.cidr, "-p", self.proto, "--dport", str(self.port),
                "-m", "comment", "--comment", f"cde:{self.name}", "-j", "ACCEPT"]


def load_policy(path: str) -> list[Allow]:
    with open(path, "rb") as fh:
        doc = tomllib.load(fh)
    out: list[Allow] = []
    for name, ent in doc.get("allow", {}).items():
        cidr = str(ipaddress.ip_network(ent["cidr"], strict=False))
        proto = ent.get("proto", "tcp")
        if proto not in ("tcp", "udp"):
            raise ValueError(f"{name}: unsupported proto {proto}")
        for port in ent.get("ports", [443]):
            out.append(Allow(name, cidr, proto, int(port)))
    return out


class Netfilter:
    def __init__(self, dry_run: bool):
        self.dry_run = dry_run

    def _ipt(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = [IPT, "-w", "5", *args]
        log.debug("+ %s", shlex.join(cmd))
        if self.dry_run and args[0] not in ("-C", "-S", "-L"):
            return subprocess.CompletedProcess(cmd, 0, "", "")
        return subprocess.run(cmd, capture_output=True, text=True, check=check)

    def exists(self, *rule: str) -> bool:
        return self._ipt("-C", *rule, check=False).returncode == 0

    def ensure_chain(self) -> None:
        if self._ipt("-S", CHAIN, check=False).returncode != 0:
            self._ipt("-N", CHAIN)
            log.info("created chain %s", CHAIN)
        jump = ("OUTPUT", "-j", CHAIN)
        if not self.exists(*jump):
            self._ipt("-I", *jump[:1], "1", *jump[1:])
            log.info("hooked %s into OUTPUT", CHAIN)

    def ensure(self, *rule: str) -> bool:
        if self.exists(*rule):
            return False
        self._ipt("-A", *rule)
        return True

    def persist(self) -> None:
        if self.dry_run:
            log.info("dry run: not writing %s", RULES_V4)
            return
        dump = subprocess.run([IPT + "-save"], capture_output=True, text=True, check=True).stdout
        os.makedirs(os.path.dirname(RULES_V4), exist_ok=True)
        tmp = RULES_V4 + ".new"
        with open(tmp, "w") as fh:
            fh.write(dump)
        os.chmod(tmp, 0o640)
        os.replace(tmp, RULES_V4)
        log.info("persisted ruleset to %s", RULES_V4)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-p", "--policy", default="cde_egress.toml")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--no-persist", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if a.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0 and not a.dry_run:
        log.error("must run as root (or use --dry-run)")
        return 77

    try:
        allows = load_policy(a.policy)
    except (OSError, ValueError, KeyError) as exc:
        log.error("bad policy %s: %s", a.policy, exc)
        return 65

    nf = Netfilter(a.dry_run)
    try:
        nf.ensure_chain()
        added = 0
        base = [
            ["-o", "lo", "-j", "ACCEPT"],
            ["-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT"],
            ["-p", "udp", "--dport", "53", "-j", "ACCEPT"],
        ]
        for rule in base:
            added += nf.ensure(CHAIN, *rule)
        for allow in allows:
            added += nf.ensure(CHAIN, *allow.spec())
        added += nf.ensure(CHAIN, "-m", "limit", "--limit", "10/min",
                           "-j", "LOG", "--log-prefix", "CDE-EGRESS-DENY ")
        added += nf.ensure(CHAIN, "-j", "REJECT", "--reject-with", "icmp-admin-prohibited")
        log.info("%d rules added, %d allow entries in policy", added, len(allows))
        if not a.no_persist:
            nf.persist()
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", (exc.stderr or "").strip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
