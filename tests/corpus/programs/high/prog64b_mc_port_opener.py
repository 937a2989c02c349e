#!/usr/bin/env python3
"""Open the ports our Minecraft network needs on the host firewall.

Reads ``ports.toml`` from the network directory:

    [[port]]
    name = "velocity"
    port = 25565
    proto = "tcp"

    [[port]]
    name = "geyser"
    port = 19132
    proto = "udp"

and makes sure there is an ACCEPT rule for each one in a dedicated
``MCNET`` chain jumped to from INPUT, so the rules can be flushed as a unit
with ``--remove``.
"""

import argparse
import logging
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

try:
    import iptc  # python-iptables
except ImportError:  # pragma: no cover - fallback for hosts without the binding
    iptc = None

log = logging.getLogger("mc_port_opener")
CHAIN = "MCNET"


@dataclass(frozen=True)
class PortRule:
    name: str
    port: int
    proto: str = "tcp"
    source: str = "0.0.0.0/0"


def load_rules(path: Path) -> list:
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    rules = []
    for entry in data.get("port", []):
        proto = entry.get("proto", "tcp").lower()
        if proto not in ("tcp", "udp"):
            raise ValueError(f"{entry.get('name')}: unsupported protocol {proto}")
        rules.append(PortRule(entry["name"], int(entry["port"]), proto, entry.get("source", "0.0.0.0/0")))
    return rules


class IptcBackend:
    def __init__(self):
        self.table = iptc.Table(iptc.Table.FILTER)
        self.table.autocommit = False

    def _chain(self):
        if not self.table.is_chain(CHAIN):
            self.table.create_chain(CHAIN)
        chain = iptc.Chain(self.table, CHAIN)
        inp = iptc.Chain(self.table, "INPUT")
        if not any(r.target.name == CHAIN for r in inp.rules):
            jump = iptc.Rule()
            jump.target = iptc.Target(jump, CHAIN)
            inp.insert_rule(jump)
        return chain

    def apply(self, rules):
        chain = self._chain()
        chain.flush()
        for rule in rules:
            r = iptc.Rule()
            r.protocol = rule.proto
            r.src = rule.source
            match = r.create_match(rule.proto)
            match.dport = str(rule.port)
            comment = r.create_match("comment")
            comment.comment = f"mcnet:{rule.name}"
            r.target = iptc.Target(r, "ACCEPT")
            chain.append_rule(r)
        self.table.commit()

    def remove(self):
        if self.table.is_chain(CHAIN):
            iptc.Chain(self.table, CHAIN).flush()
            self.table.commit()


class CliBackend:
    def __init__(self):
        self.binary = shutil.which("iptables") or "/usr/sbin/iptables"

    def _run(self, *args, check=True):
        cmd = [self.binary, "-w", *args]
        log.debug("exec %s", " ".join(cmd))
        return subprocess.run(cmd, check=check, capture_output=True, text=True)

    def apply(self, rules):
        if self._run("-n", "-L", CHAIN, check=False).returncode != 0:
            self._run("-N", CHAIN)
        if self._run("-C", "INPUT", "-j", CHAIN, check=False).returncode != 0:
            self._run("-I", "INPUT", "1", "-j", CHAIN)
        self._run("-F", CHAIN)
        for rule in rules:
            self._run("-A", CHAIN, "-p", rule.proto, "-s", rule.source, "--dport", str(rule.port),
                      "-m", "comment", "--comment", f"mcnet:{rule.name}", "-j", "ACCEPT")

    def remove(self):
        self._run("-F", CHAIN, check=False)


def pick_backend():
    if iptc is not None:
        return IptcBackend()
    log.info("python-iptables not installed, using the iptables command")
    return CliBackend()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="open Minecraft network ports on the host firewall")
    p.add_argument("-c", "--config", type=Path, default=Path("ports.toml"))
    p.add_argument("--remove", action="store_true", help="flush the MCNET chain instead")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    backend = pick_backend()
    try:
        if args.remove:
            backend.remove()
            log.info("flushed chain %s", CHAIN)
            return 0
        rules = load_rules(args.config)
        backend.apply(rules)
    except (OSError, ValueError, subprocess.CalledProcessError) as exc:
        log.error("firewall update failed: %s", exc)
        return 1
    except Exception as exc:  # iptc raises its own IPTCError
        log.error("firewall update failed: %s", exc)
        return 1
    for rule in rules:
        log.info("open %-10s %5d/%s from %s", rule.name, rule.port, rule.proto, rule.source)
    return 0


if __name__ == "__main__":
    sys.exit(main())
