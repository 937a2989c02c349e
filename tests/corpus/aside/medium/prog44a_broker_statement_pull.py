#!/usr/bin/env python3
"""Download monthly account-statement bundles from the broker's SFTP drop.

The broker publishes statements_<YYYYMM>.tar.gz; each bundle is unpacked into
./statements/<YYYYMM>/ for the tax exporter to pick up.
"""
import argparse
import configparser
import getpass
import logging
import sys
import tarfile
from datetime import date
from pathlib import Path

import paramiko

log = logging.getLogger("stmt-pull")
DEFAULTS = {"host": "sftp.broker.example.net", "port": "22",
            "user": "", "remote_dir": "/outgoing/statements"}


def load_config(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    cfg.read(path)
    section = cfg["broker"] if cfg.has_section("broker") else cfg[cfg.default_section]
    return {k: section.get(k) for k in DEFAULTS}


def month_keys(months_back):
    today = date.today()
    y, m = today.year, today.month
    for _ in range(months_back):
        m -= 1
        if m == 0:
            y, m = y - 1, 12
        yield f"{y}{m:02d}"


class StatementClient:
    def __init__(self, conf, password):
        self.conf = conf
        self.ssh = paramiko.SSHClient()
        self.ssh.load_system_host_keys()
        self.ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.ssh.connect(conf["host"], port=int(conf["port"]), username=conf["user"],
                         password=password, timeout=20)
        self.sftp = self.ssh.open_sftp()

    def fetch(self, month, dest_dir):
        name = f"statements_{month}.tar.gz"
        remote = f"{self.conf['remote_dir'].rstrip('/')}/{name}"
        local = dest_dir / name
        try:
            self.sftp.stat(remote)
        except FileNotFoundError:
            return None
        self.sftp.get(remote, str(local))
        return local

    def close(self):
        self.sftp.close()
        self.ssh.close()


def unpack(bundle, month):
    target = Path("statements") / month
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tar:
        members = [m for m in tar.getmembers() if m.name.lower().endswith((".pdf", ".csv"))]
        tar.extractall(path=target, members=members)
    return target, len(members)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="broker.ini")
    ap.add_argument("--months", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    conf = load_config(args.config)
    if not conf["user"]:
        log.error("set user= in %s", args.config)
        return 2
    password = getpass.getpass(f"SFTP password for {conf['user']}@{conf['host']}: ")
    downloads = Path("downloads")
    downloads.mkdir(exist_ok=True)

    client = StatementClient(conf, password)
    try:
        for month in month_keys(args.months):
            bundle = client.fetch(month, downloads)
            if bundle is None:
                log.info("%s: not published yet", month)
                continue
            target, n = unpack(bundle, month)
            log.info("%s: %d files -> %s", month, n, target)
    finally:
        client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
