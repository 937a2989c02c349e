#!/usr/bin/env python3
"""Collect uptime, load and root-disk usage from a fleet of hosts over SSH.

Hosts come from an inventory file (one "name [user]" per line).  Auth is via
the running ssh-agent; no key files are read by this script.
"""
import argparse
import concurrent.futures as cf
import csv
import logging
import re
import socket
import sys
from pathlib import Path

import paramiko

logger = logging.getLogger("fleet-uptime")

COMMANDS = {
    "uptime": "cat /proc/uptime",
    "load": "cat /proc/loadavg",
    "disk": "df -P / | tail -n 1",
    "kernel": "uname -r",
}


def parse_inventory(path: Path, default_user: str) -> list:
    hosts = []
    for raw in path.read_text().splitlines():
        raw = raw.split("#", 1)[0].strip()
        if not raw:
            continue
        parts = raw.split()
        hosts.append((parts[0], parts[1] if len(parts) > 1 else default_user))
    return hosts


class HostProbe:
    def __init__(self, host: str, user: str, port: int = 22, timeout: float = 10.0):
        self.host = host
        self.user = user
        self.port = port
        self.timeout = timeout

    def _client(self) -> paramiko.SSHClient:
        client = paramiko.SSHClient()
        client.load_system_host_keys()
        # fleet is re-imaged often; accept new host keys automatically
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(self.host, port=self.port, username=self.user,
                       timeout=self.timeout, allow_agent=True, look_for_keys=False)
        return client

    @staticmethod
    def _run(client: paramiko.SSHClient, command: str, timeout: float) -> str:
        _stdin, stdout, stderr = client.exec_command(command, timeout=timeout)
        out = stdout.read().decode("utf-8", "replace").strip()
        if stdout.channel.recv_exit_status() != 0:
            raise RuntimeError(stderr.read().decode("utf-8", "replace").strip())
        return out

    def collect(self) -> dict:
        row = {"host": self.host, "error": ""}
        try:
            client = self._client()
        except (paramiko.SSHException, socket.error) as exc:
            row["error"] = f"connect: {exc}"
            return row
        try:
            raw = {k: self._run(client, cmd, self.timeout) for k, cmd in COMMANDS.items()}
        except (paramiko.SSHException, RuntimeError, socket.timeout) as exc:
            row["error"] = f"exec: {exc}"
            return row
        finally:
            client.close()

        row["uptime_days"] = round(float(raw["uptime"].split()[0]) / 86400, 1)
        row["load1"] = raw["load"].split()[0]
        match = re.search(r"(\d+)%", raw["disk"])
        row["root_used_pct"] = int(match.group(1)) if match else ""
        row["kernel"] = raw["kernel"]
        return row


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("inventory", type=Path)
    ap.add_argument("--user", default="ops")
    ap.add_argument("--workers", type=int, default=16)
    ap.add_argument("--out", default="fleet_uptime.csv")
    ap.add_argument("--warn-disk", type=int, default=85)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    hosts = parse_inventory(args.inventory, args.user)
    rows = []
    with cf.ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(HostProbe(h, u).collect): h for h, u in hosts}
        for fut in cf.as_completed(futures):
            row = fut.result()
            rows.append(row)
            if row["error"]:
                logger.warning("%s: %s", row["host"], row["error"])
            elif isinstance(row.get("root_used_pct"), int) and row["root_used_pct"] >= args.warn_disk:
                logger.warning("%s: root disk at %d%%", row["host"], row["root_used_pct"])

    rows.sort(key=lambda r: r["host"])
    fields = ["host", "uptime_days", "load1", "root_used_pct", "kernel", "error"]
    with open(args.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    logger.info("%d hosts, %d errors -> %s", len(rows),
                sum(1 for r in rows if r["error"]), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
