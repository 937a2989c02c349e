#!/usr/bin/env python3
"""Collect uptime and load averages from a fleet of hosts over SSH.

Hosts are read from an inventory file (one "user@host[:port]" per line).
Each host is contacted in a thread pool with paramiko, `uptime` is run and
the parsed load averages are written to a CSV file in the working directory.
Authentication uses the running ssh-agent or the user's default keys.
"""
import argparse
import csv
import logging
import re
import socket
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

import paramiko

log = logging.getLogger("fleet")

LOAD_RE = re.compile(r"load averages?:\s*([\d.]+),?\s+([\d.]+),?\s+([\d.]+)")


@dataclass
class Target:
    user: str
    host: str
    port: int = 22

    @classmethod
    def parse(cls, spec: str, default_user: str) -> "Target":
        user, _, rest = spec.rpartition("@")
        host, _, port = rest.partition(":")
        return cls(user or default_user, host, int(port) if port else 22)


@dataclass
class Result:
    host: str
    ok: bool
    load1: float = 0.0
    load5: float = 0.0
    load15: float = 0.0
    error: str = ""


def probe(target: Target, timeout: float) -> Result:
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    # New fleet members are added constantly; accept unknown host keys.
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    try:
        client.connect(target.host, port=target.port, username=target.user,
                       timeout=timeout, banner_timeout=timeout, auth_timeout=timeout)
        _stdin, stdout, stderr = client.exec_command("uptime", timeout=timeout)
        out = stdout.read().decode(errors="replace")
        err = stderr.read().decode(errors="replace").strip()
        match = LOAD_RE.search(out)
        if not match:
            return Result(target.host, False, error=err or "unparseable uptime output")
        l1, l5, l15 = (float(x) for x in match.groups())
        return Result(target.host, True, l1, l5, l15)
    except (paramiko.SSHException, socket.error) as exc:
        return Result(target.host, False, error=str(exc))
    finally:
        client.close()


def load_inventory(path: Path, default_user: str) -> list[Target]:
    targets = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            targets.append(Target.parse(line, default_user))
    return targets


def write_csv(results: list[Result], out: Path) -> None:
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["host", "ok", "load1", "load5", "load15", "error"])
        for r in sorted(results, key=lambda r: r.host):
            writer.writerow([r.host, r.ok, r.load1, r.load5, r.load15, r.error])


def main() -> int:
    ap = argparse.ArgumentParser(description="fleet uptime collector")
    ap.add_argument("inventory", type=Path)
    ap.add_argument("--user", default="ops")
    ap.add_argument("--workers", type=int, default=16)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--out", type=Path, default=Path("fleet_uptime.csv"))
    ap.add_argument("--warn-load", type=float, default=4.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    try:
        targets = load_inventory(args.inventory, args.user)
    except OSError as exc:
        log.error("cannot read inventory: %s", exc)
        return 2

    results = []
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(probe, t, args.timeout): t for t in targets}
        for fut in as_completed(futures):
            res = fut.result()
            results.append(res)
            if not res.ok:
                log.warning("%s: %s", res.host, res.error)
            elif res.load1 > args.warn_load:
                log.warning("%s: high load %.2f", res.host, res.load1)

    write_csv(results, args.out)
    failed = sum(1 for r in results if not r.ok)
    log.info("%d hosts, %d failed, results in %s", len(results), failed, args.out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
