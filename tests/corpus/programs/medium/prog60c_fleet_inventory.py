#!/usr/bin/env python3
"""Collect firmware versions from the access-point fleet into a local SQLite db.

Inventory comes from inventory.yml (hosts, groups, ssh user). Each AP runs
dropbear; we connect with the operator's ssh-agent and read release info.
"""
import argparse
import logging
import sqlite3
import time

import paramiko
import yaml

log = logging.getLogger("inventory")

PROBE_CMD = "cat /etc/openwrt_release 2>/dev/null; echo KERNEL=$(uname -r)"


def load_inventory(path):
    with open(path) as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    hosts = []
    for group, spec in (data.get("groups") or {}).items():
        for host in spec.get("hosts", []):
            hosts.append({"group": group, "host": host,
                          "user": spec.get("user", "root"),
                          "port": int(spec.get("port", 22))})
    return hosts


def parse_release(text):
    out = {}
    for line in text.splitlines():
        if "=" in line:
            k, _, v = line.partition("=")
            out[k.strip()] = v.strip().strip("'\"")
    return out


def probe(entry, timeout):
    client = paramiko.SSHClient()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    try:
        client.connect(entry["host"], port=entry["port"], username=entry["user"],
                       allow_agent=True, look_for_keys=False, timeout=timeout)
        _, stdout, _ = client.exec_command(PROBE_CMD, timeout=timeout)
        return parse_release(stdout.read().decode(errors="replace"))
    finally:
        client.close()


class InventoryDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS devices (host TEXT PRIMARY KEY, grp TEXT, "
            "release TEXT, revision TEXT, kernel TEXT, seen INTEGER)")

    def upsert(self, entry, info):
        sql = ("INSERT OR REPLACE INTO devices VALUES ('%s', '%s', '%s', '%s', '%s', %d)"
               % (entry["host"], entry["group"],
                  info.get("DISTRIB_RELEASE", "?"), info.get("DISTRIB_REVISION", "?"),
                  info.get("KERNEL", "?"), int(time.time())))
        self.conn.execute(sql)
        self.conn.commit()

    def outdated(self, release):
        q = "SELECT host, release FROM devices WHERE release != '%s' ORDER BY host" % release
        return self.conn.execute(q).fetchall()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inventory", default="inventory.yml")
    ap.add_argument("--db", default="fleet.sqlite")
    ap.add_argument("--expect", help="report hosts not on this release")
    ap.add_argument("--timeout", type=float, default=8.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    db = InventoryDB(args.db)
    failures = 0
    for entry in load_inventory(args.inventory):
        try:
            info = probe(entry, args.timeout)
        except (paramiko.SSHException, OSError) as exc:
            log.warning("%s: %s", entry["host"], exc)
            failures += 1
            continue
        db.upsert(entry, info)
        log.info("%-20s %s", entry["host"], info.get("DISTRIB_DESCRIPTION", "?"))
    if args.expect:
        for host, rel in db.outdated(args.expect):
            print(f"{host}\t{rel}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
