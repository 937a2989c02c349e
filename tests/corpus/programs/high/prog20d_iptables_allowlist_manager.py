#!/usr/bin/env python3
"""allowlist -- manage per-service source-IP allow rules with iptables.

The tool owns a dedicated chain (ALLOWLIST) that is jumped to from INPUT.
Rules are described in ./allowlist.json so they can be reviewed in git:

    {"services": {"ssh": {"port": 22, "proto": "tcp",
                          "sources": ["10.0.0.0/8", "192.0.2.15"]}}}

Subcommands:
    allowlist show                      print the desired and live rules
    allowlist add ssh 198.51.100.7      add a source to a service
    allowlist remove ssh 198.51.100.7   remove a source
    allowlist apply [--persist]         reconcile the live chain with the file
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Set, Tuple

log = logging.getLogger("allowlist")
CONFIG = Path("allowlist.json")
CHAIN = "ALLOWLIST"
RULES_FILE = Path("/etc/iptables/rules.v4")
COMMENT_PREFIX = "allowlist:"


@dataclass
class Service:
    name: str
    port: int
    proto: str = "tcp"
    sources: List[str] = field(default_factory=list)

    def rule_specs(self) -> Set[Tuple[str, ...]]:
        specs = set()
        for src in self.sources:
            specs.add((
                "-s", src, "-p", self.proto, "--dport", str(self.port),
                "-m", "comment", "--comment", COMMENT_PREFIX + self.name, "-j", "ACCEPT",
            ))
        return specs


def load_services(path: Path = CONFIG) -> Dict[str, Service]:
    if not path.exists():
        return {}
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {name: Service(name=name, **spec) for name, spec in raw.get("services", {}).items()}


def save_services(services: Dict[str, Service], path: Path = CONFIG) -> None:
    data = {"services": {s.name: {"port": s.port, "proto": s.proto, "sources": sorted(s.sources)}
                         for s in services.values()}}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def validate_source(value: str) -> str:
    try:
        return str(ipaddress.ip_network(value, strict=False))
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not an IPv4 address or network" % value)


class IptablesRunner:
    def __init__(self, dry_run: bool = False):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = self.prefix + ["iptables", "-w", *args]
        if self.dry_run and args[0] not in ("-S", "-L", "-C"):
            print("DRY:", " ".join(cmd))
            return subprocess.CompletedProcess(cmd, 0, "", "")
        log.debug("exec %s", cmd)
        return subprocess.run(cmd, capture_output=True, text=True, check=check)

    def ensure_chain(self) -> None:
        if self.run("-n", "-L", CHAIN, check=False).returncode != 0:
            self.run("-N", CHAIN)
        if self.run("-C", "INPUT", "-j", CHAIN, check=False).returncode != 0:
            self.run("-I", "INPUT", "1", "-j", CHAIN)

    def live_specs(self) -> Set[Tuple[str, ...]]:
        out = self.run("-S", CHAIN, check=False).stdout
        specs = set()
        for line in out.splitlines():
            parts = line.split()
            if len(parts) > 2 and parts[0] == "-A" and parts[1] == CHAIN:
                cleaned = tuple(p.strip('"') for p in parts[2:])
                if COMMENT_PREFIX in " ".join(cleaned):
                    specs.add(_normalise(cleaned))
        return specs

    def append(self, spec: Tuple[str, ...]) -> None:
        self.run("-A", CHAIN, *spec)

    def delete(self, spec: Tuple[str, ...]) -> None:
        self.run("-D", CHAIN, *spec)

    def persist(self) -> None:
        dump = subprocess.run(self.prefix + ["iptables-save"], capture_output=True, text=True, check=True).stdout
        if self.dry_run:
            print("DRY: would write %d bytes to %s" % (len(dump), RULES_FILE))
            return
        if RULES_FILE.exists():
            shutil.copy2(RULES_FILE, RULES_FILE.with_suffix(".v4.bak"))
        RULES_FILE.parent.mkdir(parents=True, exist_ok=True)
        RULES_FILE.write_text(dump)
        os.chmod(RULES_FILE, 0o640)


def _normalise(spec: Tuple[str, ...]) -> Tuple[str, ...]:
    items = list(spec)
    if "-s" in items:
        i = items.index("-s") + 1
        items[i] = str(ipaddress.ip_network(items[i], strict=False))
    # iptables -S prints "-m tcp" after "-p tcp"; drop it for comparison
    while "-m" in items and items[items.index("-m") + 1] in ("tcp", "udp"):
        j = items.index("-m")
        del items[j:j + 2]
    return tuple(items)


def desired_specs(services: Dict[str, Service]) -> Set[Tuple[str, ...]]:
    out = set()
    for svc in services.values():
        out |= {_normalise(s) for s in svc.rule_specs()}
    return out


def cmd_show(args, runner: IptablesRunner) -> int:
    services = load_services()
    live = runner.live_specs()
    for svc in services.values():
        print("%s  %s/%d" % (svc.name, svc.proto, svc.port))
        for src in sorted(svc.sources):
            spec = _normalise(next(iter(Service(svc.name, svc.port, svc.proto, [src]).rule_specs())))
            print("    %-20s %s" % (src, "live" if spec in live else "PENDING"))
    return 0


def cmd_add(args, runner: IptablesRunner) -> int:
    services = load_services()
    svc = services.get(args.service)
    if svc is None:
        if args.port is None:
            print("unknown service %s; pass --port to create it" % args.service, file=sys.stderr)
            return 2
        svc = services[args.service] = Service(args.service, args.port, args.proto)
    if args.source not in svc.sources:
        svc.sources.append(args.source)
    save_services(services)
    print("added %s to %s (run 'apply' to activate)" % (args.source, svc.name))
    return 0


def cmd_remove(args, runner: IptablesRunner) -> int:
    services = load_services()
    svc = services.get(args.service)
    if svc is None or args.source not in svc.sources:
        print("nothing to remove", file=sys.stderr)
        return 1
    svc.sources.remove(args.source)
    save_services(services)
    print("removed %s from %s (run 'apply' to activate)" % (args.source, svc.name))
    return 0


def cmd_apply(args, runner: IptablesRunner) -> int:
    runner.ensure_chain()
    want = desired_specs(load_services())
    have = runner.live_specs()
    for spec in sorted(want - have):
        runner.append(spec)
        print("+", " ".join(spec))
    for spec in sorted(have - want):
        runner.delete(spec)
        print("-", " ".join(spec))
    if args.persist:
        runner.persist()
    print("in sync: %d rule(s)" % len(want))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="allowlist")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("show").set_defaults(func=cmd_show)
    for name, func in (("add", cmd_add), ("remove", cmd_remove)):
        p = sub.add_parser(name)
        p.add_argument("service")
        p.add_argument("source", type=validate_source)
        if name == "add":
            p.add_argument("--port", type=int)
            p.add_argument("--proto", choices=["tcp", "udp"], default="tcp")
        p.set_defaults(func=func)
    a = sub.add_parser("apply")
    a.add_argument("--persist", action="store_true", help="also write %s" % RULES_FILE)
    a.set_defaults(func=cmd_apply)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    return args.func(args, IptablesRunner(dry_run=args.dry_run))


if __name__ == "__main__":
    sys.exit(main())
