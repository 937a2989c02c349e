#!/usr/bin/env python3
"""Poll ZFS pool health on the NAS boxes over SSH and print a table.

Only read-only commands are run (zpool list / zpool status -x), as the
normal monitoring user. Hosts come from ./nas-hosts.ini.
"""
import argparse
import configparser
import logging
import socket
import sys

import paramiko

LOG = logging.getLogger("pool-health")
READ_ONLY_COMMANDS = {
    "pools": "zpool list -H -o name,size,alloc,free,health",
    "errors": "zpool status -x",
}


class NasSession:
    def __init__(self, host, user, key_file, port=22):
        self.host = host
        self.client = paramiko.SSHClient()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.client.connect(host, port=port, username=user, key_filename=key_file, timeout=10)

    def run(self, command):
        _stdin, stdout, stderr = self.client.exec_command(command, timeout=30)
        code = stdout.channel.recv_exit_status()
        return code, stdout.read().decode(), stderr.read().decode()

    def close(self):
        self.client.close()


def parse_pools(text):
    pools = []
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) == 5:
            pools.append(dict(zip(("name", "size", "alloc", "free", "health"), parts)))
    return pools


def check_host(section):
    session = NasSession(
        section["host"], section.get("user", "monitor"), section.get("key", None), int(section.get("port", 22))
    )
    try:
        _, pools_out, _ = session.run(READ_ONLY_COMMANDS["pools"])
        _, errors_out, _ = session.run(READ_ONLY_COMMANDS["errors"])
    finally:
        session.close()
    return parse_pools(pools_out), errors_out.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inventory", default="nas-hosts.ini")
    ap.add_argument("--only", help="check a single host section")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.inventory):
        LOG.error("inventory %s not found", args.inventory)
        return 2

    degraded = 0
    print(f"{'host':<14}{'pool':<12}{'size':>8}{'free':>8}  health")
    for name in cfg.sections():
        if args.only and name != args.only:
            continue
        try:
            pools, errors = check_host(cfg[name])
        except (paramiko.SSHException, socket.error) as exc:
            LOG.warning("%s unreachable: %s", name, exc)
            degraded += 1
            continue
        for p in pools:
            print(f"{name:<14}{p['name']:<12}{p['size']:>8}{p['free']:>8}  {p['health']}")
            if p["health"] != "ONLINE":
                degraded += 1
        if errors and errors != "all pools are healthy":
            LOG.warning("%s reports:\n%s", name, errors)
    return 1 if degraded else 0


if __name__ == "__main__":
    sys.exit(main())
