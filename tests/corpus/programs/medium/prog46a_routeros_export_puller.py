#!/usr/bin/env python3
"""Pull `/export compact` from the office MikroTik routers and keep a history.

Each router's configuration export is saved as ./backups/<name>/<date>.rsc and
diffed against the previous export so config drift shows up in the log.
The admin password is asked for interactively once per run.
"""
import argparse
import configparser
import datetime as dt
import difflib
import getpass
import logging
import sys
from pathlib import Path

import paramiko

log = logging.getLogger("ros-export")


class RouterTarget:
    def __init__(self, name, host, port=22, user="admin"):
        self.name = name
        self.host = host
        self.port = int(port)
        self.user = user

    def __repr__(self):
        return f"<RouterTarget {self.name} {self.user}@{self.host}:{self.port}>"


def load_targets(inventory: Path):
    cp = configparser.ConfigParser()
    cp.read(inventory)
    return [RouterTarget(sec, cp[sec]["host"], cp[sec].get("port", 22), cp[sec].get("user", "admin"))
            for sec in cp.sections()]


def pull_export(target: RouterTarget, password: str, timeout: float) -> str:
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    # Routers get reflashed regularly and their host keys change; just accept.
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    try:
        client.connect(target.host, port=target.port, username=target.user,
                       password=password, timeout=timeout, look_for_keys=False,
                       allow_agent=False)
        _stdin, stdout, stderr = client.exec_command("/export compact", timeout=timeout)
        text = stdout.read().decode("utf-8", errors="replace")
        err = stderr.read().decode("utf-8", errors="replace").strip()
        if err:
            log.warning("%s stderr: %s", target.name, err)
        return text
    finally:
        client.close()


def strip_volatile(text: str):
    # The first line carries a timestamp that changes on every export.
    return [l for l in text.splitlines() if not l.startswith("# ") or "by RouterOS" in l]


def store_and_diff(target: RouterTarget, text: str, root: Path) -> int:
    folder = root / target.name
    folder.mkdir(parents=True, exist_ok=True)
    previous = sorted(folder.glob("*.rsc"))
    out = folder / f"{dt.date.today():%Y-%m-%d}.rsc"
    out.write_text(text)
    if not previous or previous[-1] == out:
        log.info("%s: first export stored at %s", target.name, out)
        return 0
    old = strip_volatile(previous[-1].read_text())
    new = strip_volatile(text)
    delta = list(difflib.unified_diff(old, new, str(previous[-1].name), str(out.name), lineterm=""))
    for line in delta[:80]:
        log.info("%s | %s", target.name, line)
    return len(delta)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inventory", type=Path, default=Path("routers.ini"))
    ap.add_argument("--backups", type=Path, default=Path("backups"))
    ap.add_argument("--timeout", type=float, default=15.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    targets = load_targets(args.inventory)
    if not targets:
        log.error("no routers in %s", args.inventory)
        return 1
    password = getpass.getpass("RouterOS admin password: ")
    failures = 0
    for t in targets:
        try:
            changed = store_and_diff(t, pull_export(t, password, args.timeout), args.backups)
            log.info("%s: %d diff lines", t.name, changed)
        except (paramiko.SSHException, OSError) as exc:
            failures += 1
            log.error("%r failed: %s", t, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
