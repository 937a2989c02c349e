#!/usr/bin/env python3
"""Keep the base stations and game-control host on the same clock.

Hit registration compares timestamps from the vests, so the control host
serves time to the game LAN from the office NTP servers.
"""
import argparse
import difflib
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("clock-sync")

CONF_PATH = Path("/etc/chrony/chrony.conf")
ALT_CONF_PATH = Path("/etc/chrony.conf")
UNIT_NAMES = ("chrony", "chronyd")

UPSTREAMS = ["0.pool.ntp.example", "1.pool.ntp.example", "time.laserdome.example"]
GAME_LAN = os.environ.get("GAME_NET", "198.51.100.0/24")


def render_conf(upstreams, lan):
    lines = ["# arena clock profile"]
    for host in upstreams:
        lines.append("server {} iburst".format(host))
    lines += [
        "driftfile /var/lib/chrony/chrony.drift",
        "makestep 0.5 3",
        "rtcsync",
        "allow {}".format(lan),
        "local stratum 10",
        "logdir /var/log/chrony",
    ]
    return "\n".join(lines) + "\n"


def conf_target():
    if CONF_PATH.parent.is_dir():
        return CONF_PATH
    return ALT_CONF_PATH


def as_root(cmd):
    if os.geteuid() != 0:
        cmd = ["sudo"] + cmd
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def show_diff(old, new, path):
    diff = difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                fromfile=str(path), tofile=str(path) + " (new)")
    sys.stdout.writelines(diff)


def write_conf(path, text):
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".conf") as tmp:
        tmp.write(text)
        staged = tmp.name
    try:
        if path.exists():
            as_root(["cp", path.as_posix(), path.as_posix() + ".bak"])
        as_root(["install", "-m", "0644", staged, path.as_posix()])
    finally:
        os.unlink(staged)


def unit_name():
    for name in UNIT_NAMES:
        result = subprocess.run(["systemctl", "cat", name], capture_output=True)
        if result.returncode == 0:
            return name
    return UNIT_NAMES[0]


def restart_service():
    unit = unit_name()
    as_root(["systemctl", "restart", unit])
    log.info("%s restarted", unit)


def tracking():
    result = subprocess.run(["chronyc", "tracking"], capture_output=True, text=True)
    return result.stdout.strip()


def main():
    parser = argparse.ArgumentParser(description="Apply the arena chrony profile")
    parser.add_argument("--check", action="store_true", help="show diff only")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    path = conf_target()
    new = render_conf(UPSTREAMS, GAME_LAN)
    old = path.read_text() if path.exists() else ""
    if old == new:
        log.info("clock profile already applied")
        print(tracking())
        return 0
    show_diff(old, new, path)
    if args.check:
        return 0
    try:
        write_conf(path, new)
        restart_service()
    except subprocess.CalledProcessError as exc:
        log.error("failed: %s %s", exc.cmd, exc.stderr)
        return 1
    print(tracking())
    return 0


if __name__ == "__main__":
    sys.exit(main())
