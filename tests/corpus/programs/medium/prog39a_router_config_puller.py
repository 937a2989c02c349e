#!/usr/bin/env python3
"""Pull running configurations from lab routers over SSH and diff them.

The inventory (routers.json) lists management addresses; the operator
types the shared lab password once.  Configs land in ./backups/<date>/ and
a unified diff against the previous run is printed.
"""
import argparse
import datetime
import difflib
import getpass
import json
import logging
import socket
import sys
from pathlib import Path

import paramiko

LOG = logging.getLogger("cfg-pull")

SHOW_CMDS = {
    "ios": "show running-config",
    "junos": "show configuration | display set",
    "routeros": "/export terse",
    "vyos": "show configuration commands",
}


class RouterSession:
    def __init__(self, host, username, password, port=22, timeout=10):
        self.host = host
        self.client = paramiko.SSHClient()
        self.client.load_system_host_keys()
        # lab gear gets re-imaged constantly, so host keys change all the time
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self._args = dict(hostname=host, port=port, username=username,
                          password=password, timeout=timeout,
                          look_for_keys=False, allow_agent=False)

    def __enter__(self):
        self.client.connect(**self._args)
        return self

    def __exit__(self, *exc):
        self.client.close()

    def run(self, command):
        _stdin, stdout, stderr = self.client.exec_command(command, timeout=30)
        out = stdout.read().decode("utf-8", "replace")
        err = stderr.read().decode("utf-8", "replace")
        if err.strip():
            LOG.debug("%s stderr: %s", self.host, err.strip())
        return out


def load_inventory(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    for dev in data["devices"]:
        dev.setdefault("platform", "ios")
        dev.setdefault("port", 22)
    return data["devices"]


def previous_backup(root, name, today_dir):
    dirs = sorted(d for d in root.iterdir() if d.is_dir() and d != today_dir)
    for d in reversed(dirs):
        candidate = d / f"{name}.cfg"
        if candidate.exists():
            return candidate
    return None


def pull_all(devices, username, password, root):
    today_dir = root / datetime.date.today().isoformat()
    today_dir.mkdir(parents=True, exist_ok=True)
    failures = 0
    for dev in devices:
        name, host = dev["name"], dev["host"]
        cmd = SHOW_CMDS.get(dev["platform"])
        if not cmd:
            LOG.warning("%s: unsupported platform %s", name, dev["platform"])
            continue
        try:
            with RouterSession(host, username, password, dev["port"]) as sess:
                config = sess.run(cmd)
        except (paramiko.SSHException, socket.error) as exc:
            LOG.error("%s (%s): %s", name, host, exc)
            failures += 1
            continue
        out = today_dir / f"{name}.cfg"
        out.write_text(config, encoding="utf-8")
        prev = previous_backup(root, name, today_dir)
        if prev:
            diff = list(difflib.unified_diff(
                prev.read_text(encoding="utf-8").splitlines(),
                config.splitlines(), str(prev), str(out), lineterm=""))
            if diff:
                print("\n".join(diff))
            else:
                LOG.info("%s: unchanged", name)
        else:
            LOG.info("%s: first backup", name)
    return failures


def main():
    ap = argparse.ArgumentParser(description="router config puller")
    ap.add_argument("-i", "--inventory", default="routers.json")
    ap.add_argument("-u", "--user", default=getpass.getuser())
    ap.add_argument("-d", "--dest", default="backups")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    devices = load_inventory(args.inventory)
    password = getpass.getpass(f"SSH password for {args.user}: ")
    failures = pull_all(devices, args.user, password, Path(args.dest))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
