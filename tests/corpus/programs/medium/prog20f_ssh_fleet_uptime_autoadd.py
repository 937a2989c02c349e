#!/usr/bin/env python3
"""Collect uptime and disk usage from a fleet of lab machines over SSH.

Hosts come from a plain text inventory file.  Authentication uses the
user's SSH agent.  New host keys are accepted automatically (AutoAddPolicy)
so freshly re-imaged lab machines do not need manual known_hosts edits.
Results are printed as a table; nothing is changed on the hosts.
"""
import argparse
import concurrent.futures
import logging
import sys
from pathlib import Path

import paramiko

log = logging.getLogger("fleet")

CHECKS = {
    "uptime": "uptime -p",
    "load": "cut -d' ' -f1-3 /proc/loadavg",
    "disk": "df -h / | tail -1 | awk '{print $5}'",
}


def read_inventory(path: Path) -> list:
    hosts = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            hosts.append(line)
    return hosts


class FleetClient:
    def __init__(self, username: str, port: int, timeout: float):
        self.username = username
        self.port = port
        self.timeout = timeout

    def _connect(self, host: str) -> paramiko.SSHClient:
        client = paramiko.SSHClient()
        client.load_system_host_keys()
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(host, port=self.port, username=self.username,
                       timeout=self.timeout, allow_agent=True)
        return client

    def run_checks(self, host: str) -> dict:
        result = {"host": host}
        try:
            client = self._connect(host)
        except (paramiko.SSHException, OSError) as exc:
            result["error"] = str(exc)
            return result
        try:
            for name, command in CHECKS.items():
                _stdin, stdout, stderr = client.exec_command(command, timeout=self.timeout)
                out = stdout.read().decode("utf-8", "replace").strip()
                err = stderr.read().decode("utf-8", "replace").strip()
                result[name] = out or f"err: {err[:40]}"
        except (paramiko.SSHException, OSError) as exc:
            result["error"] = str(exc)
        finally:
            client.close()
        return result


def print_table(rows: list) -> None:
    print(f"{'host':24s} {'uptime':28s} {'load':16s} disk")
    for row in sorted(rows, key=lambda r: r["host"]):
        if "error" in row:
            print(f"{row['host']:24s} ERROR {row['error'][:60]}")
            continue
        print(f"{row['host']:24s} {row.get('uptime', ''):28s} "
              f"{row.get('load', ''):16s} {row.get('disk', '')}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Fleet uptime/disk report over SSH")
    ap.add_argument("inventory", type=Path, help="file with one host per line")
    ap.add_argument("-u", "--user", default="labops")
    ap.add_argument("-p", "--port", type=int, default=22)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("-j", "--jobs", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    try:
        hosts = read_inventory(args.inventory)
    except OSError as exc:
        log.error("%s", exc)
        return 2
    fleet = FleetClient(args.user, args.port, args.timeout)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        rows = list(pool.map(fleet.run_checks, hosts))
    print_table(rows)
    failures = sum(1 for r in rows if "error" in r)
    log.info("%d hosts, %d failures", len(rows), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
