#!/usr/bin/env python3
"""Publish services from WireGuard peers through the gateway with DNAT.

portmap.yml describes which public port maps to which peer/port.  For each
entry the script makes sure a DNAT rule (nat/PREROUTING) and a matching
FORWARD accept rule exist; existing rules are detected with `-C` so the
script is idempotent.  Must run as root on the VPN gateway.
"""
import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys
from typing import Iterable, List

import yaml

log = logging.getLogger("wg-portmap")

IPT = shutil.which("iptables") or "/usr/sbin/iptables"
COMMENT_TAG = "wg-portmap"


class Mapping:
    def __init__(self, name: str, proto: str, public_port: int, peer: str,
                 peer_port: int, wan_if: str, wg_if: str, sources: List[str]):
        if proto not in ("tcp", "udp"):
            raise ValueError(f"{name}: proto must be tcp or udp")
        self.name = name
        self.proto = proto
        self.public_port = int(public_port)
        self.peer = ipaddress.IPv4Address(peer)
        self.peer_port = int(peer_port)
        self.wan_if = wan_if
        self.wg_if = wg_if
        self.sources = sources or ["0.0.0.0/0"]

    def rules(self) -> Iterable[tuple]:
        comment = ["-m", "comment", "--comment", f"{COMMENT_TAG}:{self.name}"]
        for src in self.sources:
            yield ("nat", "PREROUTING", [
                "-i", self.wan_if, "-s", src, "-p", self.proto,
                "--dport", str(self.public_port),
                "-j", "DNAT", "--to-destination", f"{self.peer}:{self.peer_port}",
            ] + comment)
            yield ("filter", "FORWARD", [
                "-i", self.wan_if, "-o", self.wg_if, "-s", src, "-d", str(self.peer),
                "-p", self.proto, "--dport", str(self.peer_port),
                "-m", "conntrack", "--ctstate", "NEW", "-j", "ACCEPT",
            ] + comment)


def load_mappings(path: str) -> List[Mapping]:
    with open(path, encoding="utf-8") as fh:
        cfg = yaml.safe_load(fh) or {}
    defaults = cfg.get("defaults", {})
    out = []
    for name, spec in (cfg.get("mappings") or {}).items():
        merged = {**defaults, **spec}
        out.append(Mapping(
            name=name,
            proto=merged.get("proto", "tcp"),
            public_port=merged["public_port"],
            peer=merged["peer"],
            peer_port=merged.get("peer_port", merged["public_port"]),
            wan_if=merged.get("wan_if", "eth0"),
            wg_if=merged.get("wg_if", "wg0"),
            sources=merged.get("sources", []),
        ))
    return out


def ipt(table: str, action: str, chain: str, spec: List[str], check=True):
    cmd = [IPT, "-w", "5", "-t", table, action, chain] + spec
    log.debug("%s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def rule_present(table, chain, spec) -> bool:
    return ipt(table, "-C", chain, spec, check=False).returncode == 0


def apply(mappings: List[Mapping], dry_run: bool) -> int:
    added = 0
    for m in mappings:
        for table, chain, spec in m.rules():
            if rule_present(table, chain, spec):
                log.debug("present: %s %s %s", table, chain, m.name)
                continue
            if dry_run:
                print(f"would add: -t {table} -I {chain} " + " ".join(spec))
                continue
            # insert near the top so a trailing catch-all REJECT does not win
            ipt(table, "-I", chain, spec)
            added += 1
            log.info("added %s rule for %s", chain, m.name)
    return added


def ensure_forwarding_on():
    with open("/proc/sys/net/ipv4/ip_forward") as fh:
        if fh.read().strip() != "1":
            log.warning("net.ipv4.ip_forward is 0 - DNAT to peers will not work")


def main() -> int:
    ap = argparse.ArgumentParser(description="WireGuard port publishing")
    ap.add_argument("-c", "--config", default="portmap.yml")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        mappings = load_mappings(args.config)
    except (OSError, KeyError, ValueError, yaml.YAMLError) as exc:
        log.error("config error: %s", exc)
        return 2
    ensure_forwarding_on()
    try:
        added = apply(mappings, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", exc.stderr.strip())
        return 1
    log.info("%d mappings checked, %d rules added", len(mappings), added)
    return 0


if __name__ == "__main__":
    sys.exit(main())
