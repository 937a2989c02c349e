#!/usr/bin/env python3
"""Back up running configs from lab switches.

Newer switches are reached over SSH with paramiko; a handful of old access
switches only speak telnet. Configs are saved to ./backups/<host>-<date>.cfg.
"""
import argparse
import csv
import getpass
import logging
import sys
import telnetlib
from datetime import date
from pathlib import Path

import paramiko

log = logging.getLogger("switch-backup")
BACKUP_DIR = Path("backups")


def fetch_via_ssh(host, user, password, command):
    client = paramiko.SSHClient()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(host, username=user, password=password, timeout=15,
                   look_for_keys=False, allow_agent=False)
    try:
        _stdin, stdout, _stderr = client.exec_command(command, timeout=60)
        return stdout.read().decode("utf-8", "replace")
    finally:
        client.close()


def fetch_via_telnet(host, user, password, command):
    with telnetlib.Telnet(host, 23, timeout=15) as tn:
        tn.read_until(b"Username:", timeout=10)
        tn.write(user.encode() + b"\n")
        tn.read_until(b"Password:", timeout=10)
        tn.write(password.encode() + b"\n")
        tn.write(b"terminal length 0\n")
        tn.write(command.encode() + b"\n")
        tn.write(b"exit\n")
        return tn.read_all().decode("utf-8", "replace")


def load_inventory(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [row for row in csv.DictReader(fh) if row.get("host")]


def backup_device(device, user, password):
    proto = device.get("protocol", "ssh").lower()
    command = device.get("command") or "show running-config"
    if proto == "telnet":
        text = fetch_via_telnet(device["host"], user, password, command)
    else:
        text = fetch_via_ssh(device["host"], user, password, command)
    if "hostname" not in text:
        raise ValueError("output does not look like a config")
    out = BACKUP_DIR / f"{device['host']}-{date.today().isoformat()}.cfg"
    out.write_text(text, encoding="utf-8")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inventory", help="CSV with host,protocol[,command]")
    parser.add_argument("--user", default="backup")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    password = getpass.getpass(f"password for {args.user}: ")
    BACKUP_DIR.mkdir(exist_ok=True)
    failures = []
    for device in load_inventory(args.inventory):
        try:
            path = backup_device(device, args.user, password)
            log.info("%s saved to %s", device["host"], path)
        except (OSError, EOFError, ValueError, paramiko.SSHException) as exc:
            log.error("%s failed: %s", device["host"], exc)
            failures.append(device["host"])
    if failures:
        log.warning("failed devices: %s", ", ".join(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
