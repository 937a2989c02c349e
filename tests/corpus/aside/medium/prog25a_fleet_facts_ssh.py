#!/usr/bin/env python3
"""Gather read-only facts from lab devices over SSH.

For each host in hosts.ini (one `name address [user]` per line) the tool
connects with paramiko, runs a fixed set of harmless commands and stores
the answers as JSON in ./facts/<name>.json.  Lab boards are re-flashed
often, so their host keys change and are accepted automatically.
"""
import argparse
import concurrent.futures
import json
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List

import paramiko

LOG = logging.getLogger("fleet-facts")
FACT_COMMANDS: Dict[str, str] = {
    "kernel": "uname -r",
    "os_release": "cat /etc/os-release",
    "uptime": "cat /proc/uptime",
    "disk": "df -h /",
    "model": "cat /proc/device-tree/model 2>/dev/null || true",
}


@dataclass
class Host:
    name: str
    address: str
    user: str = "pi"
    port: int = 22


def read_hosts(path: Path) -> List[Host]:
    hosts = []
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) < 2:
            LOG.warning("%s:%d: expected 'name address [user]'", path, lineno)
            continue
        addr, _, port = parts[1].partition(":")
        hosts.append(Host(parts[0], addr, parts[2] if len(parts) > 2 else "pi",
                          int(port or 22)))
    return hosts


class FactCollector:
    def __init__(self, key_file: str, timeout: float):
        self.key_file = key_file
        self.timeout = timeout

    def _connect(self, host: Host) -> paramiko.SSHClient:
        client = paramiko.SSHClient()
        client.load_system_host_keys()
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(host.address, port=host.port, username=host.user,
                       key_filename=self.key_file or None,
                       timeout=self.timeout, banner_timeout=self.timeout)
        return client

    def collect(self, host: Host) -> Dict[str, str]:
        facts = {}
        client = self._connect(host)
        try:
            for key, command in FACT_COMMANDS.items():
                _stdin, stdout, stderr = client.exec_command(command, timeout=self.timeout)
                out = stdout.read().decode(errors="replace").strip()
                err = stderr.read().decode(errors="replace").strip()
                facts[key] = out if out else f"<error: {err}>"
        finally:
            client.close()
        return facts


def save(out_dir: Path, host: Host, facts: Dict[str, str]) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{host.name}.json"
    target.write_text(json.dumps({"host": host.name, "address": host.address,
                                  "facts": facts}, indent=2))
    return target


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hosts", default="hosts.ini")
    parser.add_argument("--out", default="facts")
    parser.add_argument("--key", default=os.environ.get("LAB_SSH_KEY", ""))
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=8)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    try:
        hosts = read_hosts(Path(args.hosts))
    except OSError as exc:
        LOG.error("cannot read hosts: %s", exc)
        return 2
    collector = FactCollector(args.key, args.timeout)
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(collector.collect, h): h for h in hosts}
        for future in concurrent.futures.as_completed(futures):
            host = futures[future]
            try:
                path = save(Path(args.out), host, future.result())
                LOG.info("%-16s ok -> %s", host.name, path)
            except (paramiko.SSHException, OSError) as exc:
                failures += 1
                LOG.error("%-16s failed: %s", host.name, exc)
    LOG.info("%d/%d hosts collected", len(hosts) - failures, len(hosts))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
