"""Memory pressure tuner. Samples memory/swap usage with psutil and adjusts
kernel VM parameters live through /proc/sys, persisting the chosen values in
/etc/sysctl.d so they survive a reboot. Must run as root."""
import argparse
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

import psutil

log = logging.getLogger("vmtuner")

PROC_VM = Path("/proc/sys/vm")
PERSIST_FILE = Path("/etc/sysctl.d/60-vmtuner.conf")


@dataclass
class Profile:
    swappiness: int
    vfs_cache_pressure: int
    dirty_ratio: int
    dirty_background_ratio: int


PROFILES = {
    "relaxed": Profile(60, 100, 20, 10),
    "pressured": Profile(10, 150, 10, 5),
    "critical": Profile(1, 200, 5, 2),
}


def choose_profile() -> str:
    mem = psutil.virtual_memory()
    swap = psutil.swap_memory()
    if mem.percent > 92 or swap.percent > 60:
        return "critical"
    if mem.percent > 80 or swap.percent > 25:
        return "pressured"
    return "relaxed"


def read_vm(name: str) -> int:
    return int((PROC_VM / name).read_text().strip())


def write_vm(name: str, value: int) -> None:
    current = read_vm(name)
    if current != value:
        (PROC_VM / name).write_text(f"{value}\n")
        log.info("vm.%s: %d -> %d", name, current, value)


def apply(profile: Profile) -> None:
    write_vm("swappiness", profile.swappiness)
    write_vm("vfs_cache_pressure", profile.vfs_cache_pressure)
    write_vm("dirty_ratio", profile.dirty_ratio)
    write_vm("dirty_background_ratio", profile.dirty_background_ratio)


def persist(name: str, profile: Profile) -> None:
    body = (
        f"# written by vmtuner, profile={name}\n"
        f"vm.swappiness = {profile.swappiness}\n"
        f"vm.vfs_cache_pressure = {profile.vfs_cache_pressure}\n"
        f"vm.dirty_ratio = {profile.dirty_ratio}\n"
        f"vm.dirty_background_ratio = {profile.dirty_background_ratio}\n"
    )
    tmp = PERSIST_FILE.with_suffix(".tmp")
    tmp.write_text(body)
    os.chown(tmp, 0, 0)
    os.chmod(tmp, 0o644)
    tmp.replace(PERSIST_FILE)


def loop(interval: int, once: bool) -> None:
    active = None
    while True:
        name = choose_profile()
        if name != active:
            apply(PROFILES[name])
            persist(name, PROFILES[name])
            active = name
            mem = psutil.virtual_memory()
            log.info("profile=%s mem=%.1f%% available=%dMiB", name, mem.percent, mem.available >> 20)
        if once:
            return
        time.sleep(interval)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=30)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    if os.geteuid() != 0:
        raise SystemExit("vmtuner must run as root")
    loop(args.interval, args.once)


if __name__ == "__main__":
    main()
