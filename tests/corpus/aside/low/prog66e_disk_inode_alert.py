#!/usr/bin/env python3
"""Disk space and inode watcher.

Walks the mounted filesystems from /proc/mounts, compares block and inode
usage against thresholds from a small INI file and raises a PagerDuty
Events v2 alert when a filesystem crosses them. State is kept next to the
config so an alert is only sent once per crossing.

Schedule it yourself; --print-cron shows a suitable crontab line.
"""

import argparse
import configparser
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("disk-inode-alert")

PD_URL = "https://events.pagerduty.com/v2/enqueue"
SKIP_FSTYPES = {"proc", "sysfs", "tmpfs", "devtmpfs", "cgroup", "cgroup2",
                "overlay", "squashfs", "devpts", "mqueue", "debugfs",
                "tracefs", "securityfs", "pstore", "bpf", "autofs", "nsfs"}


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


def cron_line(config):
    script = Path(__file__).resolve()
    return (f"*/10 * * * * PD_ROUTING_KEY=... {sys.executable} {script} "
            f"-c {Path(config).resolve()}")


def main():
    ap = argparse.ArgumentParser(description="disk and inode usage alerts")
    ap.add_argument("-c", "--config", default="diskwatch.ini")
    ap.add_argument("--print-cron", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.print_cron:
        print(cron_line(args.config))
        return 0

    cfg = configparser.ConfigParser()
    cfg.read_dict({"thresholds": {"blocks": "90", "inodes": "85"}})
    cfg.read(args.config)
    blk_t = cfg.getfloat("thresholds", "blocks")
    ino_t = cfg.getfloat("thresholds", "inodes")
    routing_key = os.environ.get("PD_ROUTING_KEY")
    if not routing_key:
        log.error("PD_ROUTING_KEY is not set")
        return 2

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
