#!/usr/bin/env python3
"""Audit software versions on baseband units over SSH.

Connects to each baseband unit listed in the inventory file, runs a small
set of read-only show commands and writes a CSV report. Units are often
re-imaged in the field, so host keys change all the time and are accepted
automatically.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed

import paramiko

LOG = logging.getLogger("bbu-audit")
COMMANDS = {
    "sw_version": "show version | include Software",
    "uptime": "show system uptime",
    "active_alarms": "show alarms active | count",
}


def reachable(host, timeout):
    """Quick ICMP check through the shell so unreachable units are skipped fast."""
    proc = subprocess.run(
        ["bash", "-c", 'ping -c 1 -W "$PING_TIMEOUT" "$PING_HOST" >/dev/null 2>&1'],
        env=dict(os.environ, PING_HOST=host, PING_TIMEOUT=str(timeout)),
    )
    return proc.returncode == 0


class BbuSession:
    def __init__(self, host, user, timeout):
        self.host = host
        self.user = user
        self.timeout = timeout
        self.client = paramiko.SSHClient()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())

    def __enter__(self):
        # authentication comes from the running ssh-agent
        self.client.connect(self.host, username=self.user, timeout=self.timeout,
                            allow_agent=True, look_for_keys=False)
        return self

    def __exit__(self, *exc):
        self.client.close()

    def run(self, command):
        _, stdout, stderr = self.client.exec_command(command, timeout=self.timeout)
        out = stdout.read().decode(errors="replace").strip()
        err = stderr.read().decode(errors="replace").strip()
        if err:
            LOG.debug("%s: %s -> %s", self.host, command, err)
        return out


def audit_host(host, user, timeout):
    row = {"host": host, "status": "ok"}
    if not reachable(host, timeout):
        row["status"] = "unreachable"
        return row
    try:
        with BbuSession(host, user, timeout) as session:
            for key, command in COMMANDS.items():
                row[key] = session.run(command)
    except (paramiko.SSHException, OSError) as exc:
        row["status"] = f"error: {exc}"
    return row


def load_inventory(path):
    hosts = []
    with open(path) as handle:
        for line in handle:
            line = line.split("#", 1)[0].strip()
            if line:
                hosts.append(line)
    return hosts


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("inventory", help="one BBU address per line, e.g. 198.51.100.21")
    parser.add_argument("--user", default=os.environ.get("BBU_USER", "provision"))
    parser.add_argument("--timeout", type=int, default=10)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--out", default="bbu_versions.csv")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        hosts = load_inventory(args.inventory)
    except OSError as exc:
        LOG.error("cannot read inventory: %s", exc)
        return 1

    rows = []
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(audit_host, h, args.user, args.timeout): h for h in hosts}
        for fut in as_completed(futures):
            row = fut.result()
            LOG.info("%s: %s", row["host"], row["status"])
            rows.append(row)

    fields = ["host", "status"] + list(COMMANDS)
    with open(args.out, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(sorted(rows, key=lambda r: r["host"]))
    LOG.info("wrote %d rows to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
