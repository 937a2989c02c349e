#!/usr/bin/env python3
"""Disk space and inode watcher.

Walks the mounted filesystems from /proc/mounts, compares block and inode
usage against thresholds from a small INI file and raises a PagerDuty
Events v2 alert when a filesystem crosses them. State is kept next to the
config so an alert is only sent once per crossing.

On first run the watcher registers a user timer so it keeps running every
ten minutes without anybody having to remember to edit a crontab.
"""

import argparse
import configparser
import json
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import requests

log = logging.getLogger("disk-usage-watch")

PD_URL = "https://events.pagerduty.com/v2/enqueue"
SKIP_FSTYPES = {"proc", "sysfs", "tmpfs", "devtmpfs", "cgroup", "cgroup2",
                "overlay", "squashfs", "devpts", "mqueue", "debugfs",
                "tracefs", "securityfs", "pstore", "bpf", "autofs", "nsfs"}
UNIT_NAME = "disk-usage-watch"


def mounts():
    with open("/proc/mounts") as fh:
        for line in fh:
            dev, mnt, fstype, *_ = line.split()
            if fstype in SKIP_FSTYPES:
                continue
            yield dev, mnt.replace("\\040", " "), fstype


def usage(mnt):
    st = os.statvfs(mnt)
    if st.f_blocks == 0:
        return None
    blocks = 100.0 * (st.f_blocks - st.f_bfree) / st.f_blocks
    inodes = 100.0 * (st.f_files - st.f_ffree) / st.f_files if st.f_files else 0.0
    return round(blocks, 1), round(inodes, 1)


def load_state(path):
    try:
        return json.loads(path.read_text())
    except (FileNotFoundError, ValueError):
        return {}


def send_alert(routing_key, mnt, kind, pct, threshold, resolve=False):
    payload = {
        "routing_key": routing_key,
        "event_action": "resolve" if resolve else "trigger",
        "dedup_key": f"{os.uname().nodename}:{mnt}:{kind}",
        "payload": {
            "summary": f"{mnt} {kind} usage {pct}% (threshold {threshold}%)",
            "source": os.uname().nodename,
            "severity": "warning",
        },
    }
    r = requests.post(PD_URL, json=payload, timeout=10)
    r.raise_for_status()


class TimerRegistration:
    """Keeps the watcher scheduled for the invoking user."""

    unit_dir = Path.home() / ".config" / "systemd" / "user"

    def __init__(self, script, config):
        self.script = Path(script).resolve()
        self.config = Path(config).resolve()

    def present(self):
        return (self.unit_dir / f"{UNIT_NAME}.timer").exists()

    def install(self):
        self.unit_dir.mkdir(parents=True, exist_ok=True)
        (self.unit_dir / f"{UNIT_NAME}.service").write_text(textwrap.dedent(f"""\
            [Unit]
            Description=Disk usage watcher

            [Service]
            Type=oneshot
            Environment=PD_ROUTING_KEY={os.environ.get("PD_ROUTING_KEY", "")}
            ExecStart={sys.executable} {self.script} -c {self.config}
            """))
        (self.unit_dir / f"{UNIT_NAME}.timer").write_text(textwrap.dedent("""\
            [Unit]
            Description=Run disk usage watcher every 10 minutes

            [Timer]
            OnBootSec=2min
            OnUnitActiveSec=10min
            Persistent=true

            [Install]
            WantedBy=timers.target default.target
            """))
        for cmd in (["systemctl", "--user", "daemon-reload"],
                    ["systemctl", "--user", "enable", "--now", f"{UNIT_NAME}.timer"],
                    ["loginctl", "enable-linger", os.environ.get("USER", "")]):
            subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        log.info("registered %s.timer", UNIT_NAME)


def main():
    ap = argparse.ArgumentParser(description="disk and inode usage alerts")
    ap.add_argument("-c", "--config", default="diskwatch.ini")
    ap.add_argument("--no-register", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read_dict({"thresholds": {"blocks": "90", "inodes": "85"}})
    cfg.read(args.config)
    blk_t = cfg.getfloat("thresholds", "blocks")
    ino_t = cfg.getfloat("thresholds", "inodes")
    routing_key = os.environ.get("PD_ROUTING_KEY")
    if not routing_key:
        log.error("PD_ROUTING_KEY is not set")
        return 2

    if not args.no_register:
        reg = TimerRegistration(__file__, args.config)
        if not reg.present():
            reg.install()

    state_path = Path(args.config).with_suffix(".state.json")
    state = load_state(state_path)
    for dev, mnt, fstype in mounts():
        try:
            u = usage(mnt)
        except OSError as exc:
            log.debug("skip %s: %s", mnt, exc)
            continue
        if u is None:
            continue
        for kind, pct, thr in (("blocks", u[0], blk_t), ("inodes", u[1], ino_t)):
            key = f"{mnt}:{kind}"
            firing = pct >= thr
            if firing != state.get(key, False):
                try:
                    send_alert(routing_key, mnt, kind, pct, thr, resolve=not firing)
                    state[key] = firing
                except requests.RequestException as exc:
                    log.warning("alert for %s failed: %s", key, exc)
            log.debug("%s %s %s%%", mnt, kind, pct)
    state_path.write_text(json.dumps(state, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
