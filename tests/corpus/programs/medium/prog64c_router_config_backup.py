#!/usr/bin/env python3
"""
router_config_backup - nightly text backups of the network gear.

Pulls the running configuration from each device listed in devices.yml over
SSH and stores it under ./backups/<device>/<date>.rsc, keeping the last
--keep copies.  A unified diff against the previous copy is printed when
something changed, which is handy in the cron mail.

    devices:
      - name: core-rb5009
        host: 192.168.88.1
        kind: routeros
        user: backup
      - name: ap-attic
        host: 192.168.88.12
        kind: openwrt
        user: root
        key: ~/.ssh/id_backup

Passwords, where needed, come from ROUTER_BACKUP_PASSWORD.
"""
import argparse
import datetime as dt
import difflib
import logging
import os
import re
import sys
from pathlib import Path

import paramiko
import yaml

log = logging.getLogger("router-backup")

EXPORT_COMMANDS = {
    "routeros": "/export show-sensitive terse",
    "openwrt": "uci export",
    "edgeos": "cat /config/config.boot",
}
# RouterOS stamps the export with the time, which would make every copy differ
VOLATILE = re.compile(r"^# \w{3}/\d{2}/\d{4} \d{2}:\d{2}:\d{2} by RouterOS.*$|^# \d{4}-\d{2}-\d{2} .* by RouterOS.*$", re.M)


class DeviceSession:
    host_key_policy = paramiko.AutoAddPolicy
    connect_timeout = 15

    def __init__(self, spec):
        self.spec = spec
        self.client = paramiko.SSHClient()
        self.client.load_system_host_keys()
        self.client.set_missing_host_key_policy(self.host_key_policy())

    def __enter__(self):
        key = self.spec.get("key")
        self.client.connect(
            self.spec["host"],
            port=int(self.spec.get("port", 22)),
            username=self.spec.get("user", "admin"),
            key_filename=os.path.expanduser(key) if key else None,
            password=None if key else os.environ.get("ROUTER_BACKUP_PASSWORD"),
            look_for_keys=not key,
            allow_agent=False,
            timeout=self.connect_timeout,
        )
        return self

    def __exit__(self, *exc):
        self.client.close()

    def run(self, command):
        _stdin, stdout, stderr = self.client.exec_command(command, timeout=60)
        out = stdout.read().decode(errors="replace")
        status = stdout.channel.recv_exit_status()
        if status != 0:
            raise RuntimeError(f"{command!r} exited {status}: {stderr.read().decode().strip()}")
        return out


def normalise(text):
    text = VOLATILE.sub("", text.replace("\r\n", "\n"))
    return "\n".join(line.rstrip() for line in text.splitlines()).strip() + "\n"


def previous_copy(folder):
    copies = sorted(folder.glob("*.rsc"))
    return copies[-1] if copies else None


def prune(folder, keep):
    copies = sorted(folder.glob("*.rsc"))
    for old in copies[:-keep]:
        old.unlink()
        log.debug("pruned %s", old)


def backup_device(spec, root, keep):
    name = spec["name"]
    kind = spec.get("kind", "routeros")
    command = spec.get("command") or EXPORT_COMMANDS[kind]
    with DeviceSession(spec) as session:
        config = normalise(session.run(command))

    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    prev = previous_copy(folder)
    if prev and prev.read_text() == config:
        log.info("%s: unchanged", name)
        return None
    dest = folder / f"{dt.datetime.now():%Y-%m-%d_%H%M}.rsc"
    dest.write_text(config)
    os.chmod(dest, 0o600)
    prune(folder, keep)
    log.info("%s: saved %s (%d lines)", name, dest.name, config.count("\n"))
    if prev:
        return "".join(difflib.unified_diff(prev.read_text().splitlines(True),
                                            config.splitlines(True),
                                            fromfile=prev.name, tofile=dest.name))
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description="Back up router/AP configs over SSH.")
    ap.add_argument("--devices", default="devices.yml")
    ap.add_argument("--out", type=Path, default=Path("backups"))
    ap.add_argument("--keep", type=int, default=30)
    ap.add_argument("--only", action="append", help="back up only these device names")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    try:
        with open(args.devices) as fh:
            devices = yaml.safe_load(fh)["devices"]
    except (OSError, KeyError, yaml.YAMLError) as exc:
        log.error("cannot load %s: %s", args.devices, exc)
        return 2

    failures = 0
    for spec in devices:
        if args.only and spec["name"] not in args.only:
            continue
        try:
            diff = backup_device(spec, args.out, args.keep)
        except (paramiko.SSHException, OSError, RuntimeError, KeyError) as exc:
            log.error("%s: backup failed: %s", spec.get("name", "?"), exc)
            failures += 1
            continue
        if diff:
            print(diff)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
