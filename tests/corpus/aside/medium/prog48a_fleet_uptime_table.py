#!/usr/bin/env python3
"""Collect uptime, load and root-disk usage from a list of lab machines.

Hosts come from a small INI file (section per host).  Many lab boxes are
re-imaged weekly, so unknown host keys are accepted automatically instead
of failing the whole run.
"""
import argparse
import configparser
import logging
import socket
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed

import paramiko

LOG = logging.getLogger("fleet")
PROBES = {
    "uptime": "cat /proc/uptime",
    "load": "cut -d' ' -f1-3 /proc/loadavg",
    "disk": "df -P / | awk 'NR==2 {print $5}'",
}


class HostProbe:
    def __init__(self, name, address, user, port=22, timeout=8.0):
        self.name = name
        self.address = address
        self.user = user
        self.port = port
        self.timeout = timeout

    def _connect(self):
        client = paramiko.SSHClient()
        client.load_system_host_keys()
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(self.address, port=self.port, username=self.user,
                       timeout=self.timeout, allow_agent=True, look_for_keys=True)
        return client

    def run(self):
        result = {"host": self.name}
        try:
            client = self._connect()
        except (paramiko.SSHException, socket.error) as exc:
            result["error"] = str(exc)
            return result
        try:
            for label, command in PROBES.items():
                _, stdout, _ = client.exec_command(command, timeout=self.timeout)
                result[label] = stdout.read().decode().strip()
        finally:
            client.close()
        if "uptime" in result:
            secs = float(result["uptime"].split()[0])
            result["uptime"] = f"{int(secs // 86400)}d {int(secs % 86400 // 3600)}h"
        return result


def load_hosts(path, default_user):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    for section in cfg.sections():
        sec = cfg[section]
        yield HostProbe(section, sec.get("address", section),
                        sec.get("user", default_user), sec.getint("port", 22))


def render(results):
    cols = ["host", "uptime", "load", "disk", "error"]
    print("\t".join(cols))
    for row in sorted(results, key=lambda r: r["host"]):
        print("\t".join(row.get(c, "") for c in cols))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hosts", default="lab_hosts.ini")
    ap.add_argument("--user", default="labops")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING)
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    try:
        probes = list(load_hosts(args.hosts, args.user))
    except FileNotFoundError:
        LOG.error("hosts file %s not found", args.hosts)
        return 2
    results = []
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(p.run): p.name for p in probes}
        for fut in as_completed(futures):
            results.append(fut.result())
    render(results)
    return 1 if any("error" in r for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
