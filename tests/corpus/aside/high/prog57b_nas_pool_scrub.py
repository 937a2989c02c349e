#!/usr/bin/env python3
"""Kick off monthly ZFS scrubs on the NAS boxes over SSH.

Same inventory as the health poller (./nas-hosts.ini). Scrubbing needs root
on the NAS, so the command is run through passwordless sudo for the
monitoring account.
"""
import argparse
import configparser
import logging
import socket
import sys
import time

import paramiko

LOG = logging.getLogger("pool-scrub")
SCRUB_CMD = "sudo -n /usr/sbin/zpool scrub {pool}"
STATUS_CMD = "zpool status {pool}"


class NasSession:
    def __init__(self, host, user, key_file, port=22):
        self.host = host
        self.client = paramiko.SSHClient()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.client.connect(host, port=port, username=user, key_filename=key_file, timeout=10)

    def run(self, command):
        _stdin, stdout, stderr = self.client.exec_command(command, timeout=60)
        code = stdout.channel.recv_exit_status()
        return code, stdout.read().decode(), stderr.read().decode()

    def close(self):
        self.client.close()


def scrub_in_progress(session, pool):
    _, out, _ = session.run(STATUS_CMD.format(pool=pool))
    return "scrub in progress" in out


def scrub_host(name, section, wait):
    pools = [p.strip() for p in section.get("pools", "tank").split(",") if p.strip()]
    session = NasSession(
        section["host"], section.get("user", "monitor"), section.get("key"), int(section.get("port", 22))
    )
    started = []
    try:
        for pool in pools:
            if scrub_in_progress(session, pool):
                LOG.info("%s/%s: scrub already running", name, pool)
                continue
            code, _, err = session.run(SCRUB_CMD.format(pool=pool))
            if code != 0:
                LOG.error("%s/%s: scrub failed to start: %s", name, pool, err.strip())
                continue
            LOG.info("%s/%s: scrub started", name, pool)
            started.append(pool)
        while wait and started:
            time.sleep(300)
            started = [p for p in started if scrub_in_progress(session, p)]
            LOG.info("%s: %d scrubs still running", name, len(started))
    finally:
        session.close()
    return len(pools)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inventory", default="nas-hosts.ini")
    ap.add_argument("--only", help="only this host section")
    ap.add_argument("--wait", action="store_true", help="block until scrubs finish")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.inventory):
        LOG.error("inventory %s not found", args.inventory)
        return 2

    failures = 0
    for name in cfg.sections():
        if args.only and name != args.only:
            continue
        try:
            scrub_host(name, cfg[name], args.wait)
        except (paramiko.SSHException, socket.error) as exc:
            LOG.warning("%s unreachable: %s", name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
