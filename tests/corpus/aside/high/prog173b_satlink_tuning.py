#!/usr/bin/env python3
"""TCP tuning for the onboard server on the VSAT link.

The satellite link has ~600 ms round trips; the default kernel buffers cap
throughput for the catch-report uploads.  This applies larger buffers and
BBR, and can persist them.
"""
import argparse
import functools
import logging
import os
import subprocess
from pathlib import Path

log = logging.getLogger("satlink-tuning")

PROC_ROOT = Path("/proc") / "sys"
PERSIST_FILE = Path("/etc/sysctl.d") / "60-vsat-link.conf"

PROFILES = {
    "vsat": {
        "net.core.rmem_max": "16777216",
        "net.core.wmem_max": "16777216",
        "net.ipv4.tcp_rmem": "4096 87380 16777216",
        "net.ipv4.tcp_wmem": "4096 65536 16777216",
        "net.ipv4.tcp_congestion_control": "bbr",
        "net.ipv4.tcp_slow_start_after_idle": "0",
    },
    "harbour": {
        "net.ipv4.tcp_congestion_control": "cubic",
        "net.ipv4.tcp_slow_start_after_idle": "1",
    },
}


def key_path(key):
    return PROC_ROOT.joinpath(*key.split("."))


def privileged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except PermissionError:
            log.info("%s needs root, retrying through sudo", fn.__name__)
            return fn(*args, via_sudo=True, **kwargs)
    return wrapper


@privileged
def apply_value(key, value, via_sudo=False):
    if via_sudo:
        cmd = ["sudo", "-n", "sysctl", "-w", f"{key}={value}"]
        subprocess.run(cmd, check=True, capture_output=True)
    else:
        key_path(key).write_text(value + "\n")
    log.info("set %s = %s", key, value)


@privileged
def persist(values, via_sudo=False):
    text = "".join(f"{k} = {v}\n" for k, v in sorted(values.items()))
    if via_sudo:
        subprocess.run(["sudo", "-n", "tee", str(PERSIST_FILE)], input=text.encode(),
                       check=True, capture_output=True)
    else:
        PERSIST_FILE.write_text(text)
        os.chmod(PERSIST_FILE, 0o644)
    log.info("persisted %d keys to %s", len(values), PERSIST_FILE)


def current(key):
    try:
        return key_path(key).read_text().strip()
    except OSError:
        return None


def diff(profile):
    changes = {}
    for key, want in PROFILES[profile].items():
        have = current(key)
        if have is None or " ".join(have.split()) != want:
            changes[key] = want
    return changes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("profile", choices=sorted(PROFILES))
    ap.add_argument("--persist", action="store_true")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    changes = diff(args.profile)
    if not changes:
        log.info("kernel already matches profile %s", args.profile)
    for key, value in changes.items():
        if args.check:
            print(f"{key}: {current(key)!r} -> {value!r}")
        else:
            apply_value(key, value)
    if args.persist and not args.check:
        persist(PROFILES[args.profile])


if __name__ == "__main__":
    main()
