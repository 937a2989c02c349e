#!/usr/bin/env python3
"""Apply a network tuning profile to the running kernel.

Profiles are INI sections mapping sysctl keys to values. Each key is written
directly to /proc/sys; if that fails the tool falls back to `sysctl -w`.
"""
import argparse
import configparser
import logging
import os
import subprocess
import sys

logger = logging.getLogger("net-tuner")

PROC_SYS = "/proc/sys"
DEFAULT_PROFILES = {
    "throughput": {
        "net.core.rmem_max": "16777216",
        "net.core.wmem_max": "16777216",
        "net.ipv4.tcp_rmem": "4096 87380 16777216",
        "net.ipv4.tcp_wmem": "4096 65536 16777216",
        "net.core.netdev_max_backlog": "30000",
    },
    "latency": {
        "net.ipv4.tcp_low_latency": "1",
        "net.ipv4.tcp_slow_start_after_idle": "0",
        "net.core.busy_poll": "50",
    },
}


def key_to_path(key):
    """net.core.rmem_max -> /proc/sys/net/core/rmem_max"""
    return os.path.join(PROC_SYS, *key.split("."))


def read_current(key):
    try:
        with open(key_to_path(key), encoding="ascii") as fh:
            return " ".join(fh.read().split())
    except OSError:
        return None


def apply_setting(key, value):
    """Write one kernel parameter, falling back to the sysctl binary."""
    path = key_to_path(key)
    try:
        with open(path, "w", encoding="ascii") as fh:
            fh.write(value)
        return True
    except PermissionError:
        logger.debug("direct write to %s denied, trying sysctl", path)
    except FileNotFoundError:
        logger.warning("unknown key %s on this kernel", key)
        return False
    proc = subprocess.run(["sysctl", "-w", f"{key}={value}"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        logger.error("sysctl %s failed: %s", key, proc.stderr.strip())
    return proc.returncode == 0


def load_profile(name, config_file):
    if config_file:
        parser = configparser.ConfigParser()
        parser.optionxform = str
        parser.read(config_file)
        if parser.has_section(name):
            return dict(parser.items(name))
    if name not in DEFAULT_PROFILES:
        raise KeyError(name)
    return DEFAULT_PROFILES[name]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("profile", help="profile name, e.g. throughput or latency")
    ap.add_argument("--config", help="optional INI file with extra profiles")
    ap.add_argument("--show", action="store_true", help="print current values only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    try:
        profile = load_profile(args.profile, args.config)
    except KeyError:
        logger.error("no such profile: %s", args.profile)
        return 2

    changed = failed = 0
    for key, wanted in profile.items():
        current = read_current(key)
        if args.show or current == wanted:
            logger.info("%-40s %s", key, current)
            continue
        logger.info("%-40s %s -> %s", key, current, wanted)
        if apply_setting(key, wanted):
            changed += 1
        else:
            failed += 1
    logger.info("changed=%d failed=%d", changed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
