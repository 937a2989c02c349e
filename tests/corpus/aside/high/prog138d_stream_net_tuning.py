#!/usr/bin/env python3
"""Tune the broadcast PC's network stack before a live-streamed round.

Raises socket buffer limits for the RTMP/SRT encoder, switches congestion
control and opens the overlay and board-relay ports for the hall LAN.
Settings are saved so they can be restored after the event with --restore.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("net-tuning")

PROC_SYS = Path("/proc") / "sys"
SAVE_FILE = Path("net_tuning_backup.json")

# key (dotted, sysctl style) -> value used during broadcasts
PROFILE = {
    "net.core.rmem_max": "26214400",
    "net.core.wmem_max": "26214400",
    "net.core.netdev_max_backlog": "5000",
    "net.ipv4.tcp_congestion_control": "bbr",
    "net.ipv4.tcp_mtu_probing": "1",
}

# ports the hall LAN needs to reach on this machine
HALL_PORTS = {"overlay": 8765, "relay": 7010, "srt": 9000}
HALL_LAN = "198.51.100.0/24"


def key_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def read_current(keys):
    current = {}
    for key in keys:
        try:
            current[key] = key_path(key).read_text().strip()
        except OSError as exc:
            log.warning("cannot read %s: %s", key, exc)
    return current


def apply_values(values, dry_run=False):
    for key, value in values.items():
        path = key_path(key)
        log.info("%s = %s", key, value)
        if dry_run:
            continue
        try:
            with open(path, "w") as fh:
                fh.write(value)
        except PermissionError:
            log.error("no permission for %s (run as root)", path)
            raise


class Firewall:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.tool = "ip" + "tables"

    def _rule(self, action, proto, port):
        return [self.tool, action, "INPUT", "-s", HALL_LAN, "-p", proto,
                "--dport", str(port), "-j", "ACCEPT"]

    def _exists(self, proto, port):
        return subprocess.run(self._rule("-C", proto, port),
                              stderr=subprocess.DEVNULL).returncode == 0

    def open(self, name, port):
        proto = "udp" if name == "srt" else "tcp"
        if self._exists(proto, port):
            log.info("port %s/%d already open", proto, port)
            return
        cmd = self._rule("-I", proto, port)
        log.info("opening %s (%s/%d)", name, proto, port)
        if not self.dry_run:
            subprocess.run(cmd, check=True)

    def close(self, name, port):
        proto = "udp" if name == "srt" else "tcp"
        if self._exists(proto, port) and not self.dry_run:
            subprocess.run(self._rule("-D", proto, port), check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--restore", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-firewall", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must be run as root")
        return 1
    fw = Firewall(args.dry_run)

    if args.restore:
        if not SAVE_FILE.exists():
            log.error("no backup in %s", SAVE_FILE)
            return 1
        apply_values(json.loads(SAVE_FILE.read_text()), args.dry_run)
        if not args.skip_firewall:
            for name, port in HALL_PORTS.items():
                fw.close(name, port)
        return 0

    if not SAVE_FILE.exists():
        SAVE_FILE.write_text(json.dumps(read_current(PROFILE), indent=2))
    try:
        apply_values(PROFILE, args.dry_run)
        if not args.skip_firewall:
            for name, port in HALL_PORTS.items():
                fw.open(name, port)
    except (PermissionError, subprocess.CalledProcessError) as exc:
        log.error("tuning incomplete: %s", exc)
        return 1
    log.info("broadcast profile active")
    return 0


if __name__ == "__main__":
    sys.exit(main())
