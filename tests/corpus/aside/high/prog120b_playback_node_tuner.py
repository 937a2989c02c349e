#!/usr/bin/env python3
"""Tune a dome playback node for multi-channel uncompressed video over the LAN.

Each of the six render/playback nodes receives its slice of the dome frame
as a multicast stream. Stock kernel socket buffers drop packets at 8K/60, so
this raises the receive buffers, widens the netdev backlog and pins the CPU
governor to performance. Values are applied live and persisted so they
survive a reboot.

Profiles are kept in tuning.json, e.g.:

    {"profiles": {"8k60": {"net.core.rmem_max": 134217728, ...}}}
"""
import argparse
import glob
import json
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("node_tuner")

PERSIST_FILE = Path("/etc/sysctl.d/60-dome-playback.conf")
BUILTIN_PROFILES = {
    "8k60": {
        "net.core.rmem_max": 134217728,
        "net.core.rmem_default": 33554432,
        "net.core.netdev_max_backlog": 250000,
        "net.ipv4.udp_mem": "4096 87380 134217728",
        "net.ipv4.igmp_max_memberships": 64,
    },
    "4k60": {
        "net.core.rmem_max": 67108864,
        "net.core.rmem_default": 16777216,
        "net.core.netdev_max_backlog": 100000,
    },
}


def proc_path(key):
    return Path("/proc/sys") / key.replace(".", "/")


def read_current(key):
    try:
        return proc_path(key).read_text().strip()
    except OSError:
        return None


def apply_key(key, value):
    target = proc_path(key)
    try:
        target.write_text(f"{value}\n")
        return True
    except PermissionError:
        log.debug("direct write to %s refused, using sysctl", target)
    except FileNotFoundError:
        log.warning("%s not present on this kernel", key)
        return False
    res = subprocess.run(["sysctl", "-q", "-w", f"{key}={value}"],
                         capture_output=True, text=True)
    if res.returncode != 0:
        log.error("sysctl %s failed: %s", key, res.stderr.strip())
        return False
    return True


def persist(profile_name, values):
    body = [f"# dome playback tuning, profile {profile_name}",
            "# managed by playback_node_tuner; local edits are overwritten"]
    body += [f"{k} = {v}" for k, v in sorted(values.items())]
    PERSIST_FILE.write_text("\n".join(body) + "\n")
    PERSIST_FILE.chmod(0o644)
    log.info("persisted %d keys to %s", len(values), PERSIST_FILE)


def set_governor(mode):
    changed = 0
    for gov in glob.glob("/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"):
        path = Path(gov)
        if path.read_text().strip() != mode:
            path.write_text(mode)
            changed += 1
    return changed


def load_profiles(path):
    profiles = dict(BUILTIN_PROFILES)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            profiles.update(json.load(fh).get("profiles", {}))
    return profiles


def main(argv=None):
    ap = argparse.ArgumentParser(description="Dome playback node tuner")
    ap.add_argument("--profile", default="8k60")
    ap.add_argument("--config", default="tuning.json")
    ap.add_argument("--no-persist", action="store_true")
    ap.add_argument("--governor", default="performance")
    ap.add_argument("--check", action="store_true", help="show current vs target only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    profiles = load_profiles(args.config)
    if args.profile not in profiles:
        log.error("unknown profile %s (have: %s)", args.profile, ", ".join(profiles))
        return 2
    values = profiles[args.profile]

    drift = {k: (read_current(k), str(v)) for k, v in values.items()}
    for key, (cur, want) in drift.items():
        log.info("%-32s current=%s target=%s", key, cur, want)
    if args.check:
        return 0

    failures = [k for k, v in values.items() if not apply_key(k, v)]
    try:
        if not args.no_persist:
            persist(args.profile, values)
        if args.governor:
            log.info("cpu governor set on %d cores", set_governor(args.governor))
    except PermissionError as exc:
        log.error("insufficient privileges: %s (run as root)", exc)
        return 1
    if failures:
        log.error("could not apply: %s", ", ".join(failures))
        return 1
    log.info("profile %s applied", args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
