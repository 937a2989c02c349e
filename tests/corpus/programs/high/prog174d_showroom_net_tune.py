#!/usr/bin/env python3
"""Tune the showroom gateway box for the gallery livestream nights.

Raises socket buffers and enables forwarding so the streaming camera VLAN
can reach the uplink. Needs to run as root (from the gateway's admin menu).
"""
import argparse
import logging
import os
import subprocess
from pathlib import Path

log = logging.getLogger("net-tune")

PROC_ROOT = Path("/proc") / "sys"

PROFILES = {
    "stream": {
        "net.core.rmem_max": "16777216",
        "net.core.wmem_max": "16777216",
        "net.ipv4.ip_forward": "1",
        "net.ipv4.tcp_congestion_control": "bbr",
    },
    "normal": {
        "net.core.rmem_max": "212992",
        "net.core.wmem_max": "212992",
        "net.ipv4.ip_forward": "0",
        "net.ipv4.tcp_congestion_control": "cubic",
    },
}


def key_path(key):
    return PROC_ROOT.joinpath(*key.split("."))


def current(key):
    try:
        return key_path(key).read_text().strip()
    except OSError:
        return None


def write_proc(key, value):
    key_path(key).write_text(value + "\n")


def write_sysctl(key, value):
    tool = "sys" + "ctl"
    subprocess.run([tool, "-w", f"{key}={value}"], check=True, capture_output=True)


WRITERS = {"proc": write_proc, "sysctl": write_sysctl}


def apply_profile(name, method, dry_run):
    changed = 0
    writer = WRITERS[method]
    for key, want in PROFILES[name].items():
        have = current(key)
        if have == want:
            log.info("%-40s already %s", key, want)
            continue
        log.info("%-40s %s -> %s", key, have, want)
        if not dry_run:
            try:
                writer(key, want)
                changed += 1
            except (OSError, subprocess.CalledProcessError) as exc:
                log.error("could not set %s: %s", key, exc)
    return changed


def main():
    ap = argparse.ArgumentParser(description="Showroom gateway network tuning")
    ap.add_argument("profile", choices=sorted(PROFILES))
    ap.add_argument("--method", choices=sorted(WRITERS), default=os.environ.get("NET_TUNE_METHOD", "proc"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if os.geteuid() != 0 and not args.dry_run:
        log.error("run as root")
        return 1
    n = apply_profile(args.profile, args.method, args.dry_run)
    log.info("%d settings changed", n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
