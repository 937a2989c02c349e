#!/usr/bin/env python3
"""Fleet inventory collector.

Connects to every host in an inventory file over SSH, runs a set of
read-only probes (kernel, uptime, disk, package count) and writes a CSV
report.  Probes are small classes registered in a plugin table; host
sessions are managed with a context manager so connections are always
closed.  Authentication uses the running ssh-agent.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import contextlib
import csv
import logging
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Type

import paramiko

log = logging.getLogger("inventory")


@dataclass
class Host:
    name: str
    address: str
    user: str = "inventory"
    port: int = 22
    groups: List[str] = field(default_factory=list)


@dataclass
class HostResult:
    host: Host
    facts: Dict[str, str] = field(default_factory=dict)
    error: Optional[str] = None


class Probe:
    registry: Dict[str, Type["Probe"]] = {}
    key = ""
    command = ""

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.key:
            Probe.registry[cls.key] = cls

    def parse(self, stdout: str) -> str:
        return stdout.strip()


class KernelProbe(Probe):
    key = "kernel"
    command = "uname -r"


class UptimeProbe(Probe):
    key = "uptime_days"
    command = "cat /proc/uptime"

    def parse(self, stdout: str) -> str:
        seconds = float(stdout.split()[0])
        return f"{seconds / 86400:.1f}"


class RootDiskProbe(Probe):
    key = "root_used_pct"
    command = "df -P /"

    def parse(self, stdout: str) -> str:
        last = stdout.strip().splitlines()[-1].split()
        return last[4].rstrip("%")


class PackagesProbe(Probe):
    key = "packages"
    command = "(dpkg-query -f '.\\n' -W 2>/dev/null || rpm -qa) | wc -l"


class OsReleaseProbe(Probe):
    key = "os"
    command = "cat /etc/os-release"

    def parse(self, stdout: str) -> str:
        for line in stdout.splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
        return "unknown"


def load_inventory(path: Path, group: Optional[str]) -> Iterator[Host]:
    """Inventory format: name address [user] [port] [group,group]"""
    for lineno, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) < 2:
            log.warning("%s:%d: malformed line", path, lineno)
            continue
        host = Host(parts[0], parts[1])
        if len(parts) > 2:
            host.user = parts[2]
        if len(parts) > 3:
            host.port = int(parts[3])
        if len(parts) > 4:
            host.groups = parts[4].split(",")
        if group and group not in host.groups:
            continue
        yield host


@contextlib.contextmanager
def ssh_session(host: Host, timeout: float) -> Iterator[paramiko.SSHClient]:
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    try:
        client.connect(host.address, port=host.port, username=host.user,
                       timeout=timeout, banner_timeout=timeout, allow_agent=True)
        yield client
    finally:
        client.close()


class Collector:
    def __init__(self, probes: List[Probe], timeout: float):
        self.probes = probes
        self.timeout = timeout

    def run_probe(self, client: paramiko.SSHClient, probe: Probe) -> str:
        _stdin, stdout, stderr = client.exec_command(probe.command, timeout=self.timeout)
        out = stdout.read().decode(errors="replace")
        if stdout.channel.recv_exit_status() != 0:
            raise RuntimeError(stderr.read().decode(errors="replace").strip() or "non-zero exit")
        return probe.parse(out)

    def collect(self, host: Host) -> HostResult:
        result = HostResult(host)
        try:
            with ssh_session(host, self.timeout) as client:
                for probe in self.probes:
                    try:
                        result.facts[probe.key] = self.run_probe(client, probe)
                    except Exception as exc:
                        result.facts[probe.key] = f"ERR: {exc}"
        except (paramiko.SSHException, socket.error) as exc:
            result.error = str(exc)
        return result


def write_report(results: List[HostResult], probes: List[Probe], out: Path) -> None:
    columns = ["host", "address", "error"] + [p.key for p in probes]
    with out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns)
        writer.writeheader()
        for res in sorted(results, key=lambda r: r.host.name):
            row = {"host": res.host.name, "address": res.host.address, "error": res.error or ""}
            row.update(res.facts)
            writer.writerow(row)


def main() -> int:
    ap = argparse.ArgumentParser(description="collect host facts over SSH")
    ap.add_argument("inventory", type=Path)
    ap.add_argument("--group")
    ap.add_argument("--probes", default=",".join(Probe.registry))
    ap.add_argument("--out", type=Path, default=Path("inventory.csv"))
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--timeout", type=float, default=15.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    probes = [Probe.registry[k]() for k in args.probes.split(",") if k in Probe.registry]
    hosts = list(load_inventory(args.inventory, args.group))
    if not hosts:
        log.error("no hosts selected")
        return 1

    collector = Collector(probes, args.timeout)
    results: List[HostResult] = []
    with cf.ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(collector.collect, h): h for h in hosts}
        for fut in cf.as_completed(futures):
            res = fut.result()
            status = "error: " + res.error if res.error else "ok"
            log.info("%-20s %s", res.host.name, status)
            results.append(res)

    write_report(results, probes, args.out)
    failed = sum(1 for r in results if r.error)
    log.info("wrote %s (%d hosts, %d unreachable)", args.out, len(results), failed)
    return 0 if failed == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
