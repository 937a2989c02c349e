#!/usr/bin/env python3
"""Keep the clinic gateway's egress allow-list in step with insurer SFTP hosts.

Pet insurers rotate the addresses of their claim-drop SFTP servers a few
times a year.  This tool resolves the hosts listed in ./insurers.toml and
rebuilds the INSURER_SFTP chain so the claims server can reach exactly
those addresses on their SFTP ports.
"""
from __future__ import annotations

import argparse
import ipaddress
import logging
import shutil
import socket
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

log = logging.getLogger("sftp_allowlist")

CHAIN = "INSURER_SFTP"


@dataclass(frozen=True)
class Target:
    insurer: str
    host: str
    port: int = 22


def load_targets(path: Path) -> list[Target]:
    with path.open("rb") as fh:
        doc = tomllib.load(fh)
    targets = []
    for name, spec in doc.get("insurer", {}).items():
        for host in spec.get("hosts", []):
            targets.append(Target(name, host, int(spec.get("port", 22))))
    return targets


def resolve(targets: Iterable[Target]) -> Iterator[tuple[Target, str]]:
    for t in targets:
        try:
            infos = socket.getaddrinfo(t.host, t.port, socket.AF_INET, socket.SOCK_STREAM)
        except socket.gaierror as exc:
            log.warning("%s: cannot resolve %s (%s)", t.insurer, t.host, exc)
            continue
        for addr in sorted({i[4][0] for i in infos}):
            if ipaddress.ip_address(addr).is_private:
                log.warning("%s resolved to private address %s, ignoring", t.host, addr)
                continue
            yield t, addr


class Firewall:
    """Thin wrapper that runs iptables through the desktop's polkit agent."""

    def __init__(self, dry_run: bool = False):
        self.dry_run = dry_run
        self.launcher = shutil.which("pkexec") or "pkexec"
        self.iptables = shutil.which("iptables", path="/usr/sbin:/sbin:/usr/bin") or "iptables"

    def _run(self, *args: str, check: bool = True) -> int:
        cmd = [self.launcher, self.iptables, "-w", *args]
        log.debug("%s", " ".join(cmd))
        if self.dry_run:
            return 0
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if check and proc.returncode != 0:
            raise RuntimeError(f"iptables {' '.join(args)} failed: {proc.stderr.strip()}")
        return proc.returncode

    def ensure_chain(self) -> None:
        if self._run("-nL", CHAIN, check=False) != 0:
            self._run("-N", CHAIN)
        if self._run("-C", "OUTPUT", "-j", CHAIN, check=False) != 0:
            self._run("-I", "OUTPUT", "1", "-j", CHAIN)

    def replace_rules(self, rules: list[tuple[Target, str]]) -> None:
        self._run("-F", CHAIN)
        for target, addr in rules:
            self._run(
                "-A", CHAIN, "-p", "tcp", "-d", f"{addr}/32", "--dport", str(target.port),
                "-m", "comment", "--comment", f"{target.insurer}:{target.host}",
                "-j", "ACCEPT",
            )
        self._run("-A", CHAIN, "-p", "tcp", "--dport", "22", "-j", "REJECT")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("insurers.toml"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        targets = load_targets(args.config)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 1
    rules = list(resolve(targets))
    if not rules:
        log.error("no insurer host resolved; leaving firewall unchanged")
        return 1

    fw = Firewall(dry_run=args.dry_run)
    try:
        fw.ensure_chain()
        fw.replace_rules(rules)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    for target, addr in rules:
        log.info("allow %-14s %s:%d (%s)", target.insurer, addr, target.port, target.host)
    return 0


if __name__ == "__main__":
    sys.exit(main())
