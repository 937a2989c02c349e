#!/usr/bin/env python3
"""Collect last-login data from Linux hosts for the dormant-account review.

Connects to each host in the inventory file over SSH, runs ``lastlog`` and
``getent passwd`` for human accounts, and produces a CSV of accounts that have
not logged in within the review window. Hosts are processed in parallel.
"""
import argparse
import concurrent.futures as cf
import csv
import logging
import os
import sys
from datetime import date
from pathlib import Path

import paramiko

log = logging.getLogger("host-login-audit")

LASTLOG_CMD = "lastlog --before {days} 2>/dev/null"
PASSWD_CMD = "getent passwd | awk -F: '$3 >= {min_uid} && $7 !~ /(nologin|false)$/ {{print $1}}'"


class HostProbe:
    def __init__(self, host, user, key_file, timeout=10):
        self.host = host
        self.user = user
        self.key_file = key_file
        self.timeout = timeout

    def _client(self):
        client = paramiko.SSHClient()
        client.load_system_host_keys()
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(self.host, username=self.user, key_filename=self.key_file,
                       timeout=self.timeout, banner_timeout=self.timeout)
        return client

    @staticmethod
    def _run(client, cmd, timeout):
        _, stdout, stderr = client.exec_command(cmd, timeout=timeout)
        out = stdout.read().decode(errors="replace")
        if stdout.channel.recv_exit_status() not in (0, 1):
            raise RuntimeError(stderr.read().decode(errors="replace").strip())
        return out

    def dormant_accounts(self, days, min_uid):
        client = self._client()
        try:
            humans = set(self._run(client, PASSWD_CMD.format(min_uid=min_uid), 30).split())
            lastlog = self._run(client, LASTLOG_CMD.format(days=days), 30)
        finally:
            client.close()
        for line in lastlog.splitlines()[1:]:
            fields = line.split()
            if not fields or fields[0] not in humans:
                continue
            never = "**Never logged in**" in line
            yield {
                "host": self.host,
                "login": fields[0],
                "last_login": "" if never else " ".join(fields[-6:]),
                "never": never,
            }


def read_inventory(path):
    hosts = []
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            hosts.append(line)
    return hosts


def probe(host, args):
    try:
        return host, list(HostProbe(host, args.user, args.key).dormant_accounts(args.days, args.min_uid)), None
    except (paramiko.SSHException, OSError, RuntimeError) as exc:
        return host, [], str(exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inventory", help="file with one hostname per line")
    ap.add_argument("--user", default=os.environ.get("AUDIT_SSH_USER", "iam-audit"))
    ap.add_argument("--key", default=os.path.expanduser("~/.ssh/iam_audit_ed25519"))
    ap.add_argument("--days", type=int, default=90)
    ap.add_argument("--min-uid", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-o", "--output", default=f"dormant-accounts-{date.today():%Y%m%d}.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    hosts = read_inventory(args.inventory)
    if not hosts:
        log.error("inventory %s is empty", args.inventory)
        return 2

    rows, unreachable = [], []
    with cf.ThreadPoolExecutor(max_workers=args.workers) as pool:
        for host, found, err in pool.map(lambda h: probe(h, args), hosts):
            if err:
                log.warning("%s: %s", host, err)
                unreachable.append(host)
            else:
                log.info("%s: %d dormant accounts", host, len(found))
                rows.extend(found)

    with open(args.output, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["host", "login", "last_login", "never"])
        writer.writeheader()
        writer.writerows(rows)
    log.info("%d dormant accounts across %d hosts -> %s", len(rows), len(hosts) - len(unreachable), args.output)
    if unreachable:
        log.warning("unreachable: %s", ", ".join(unreachable))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
