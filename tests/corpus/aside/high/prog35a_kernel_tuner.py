#!/usr/bin/env python3
"""Apply a named kernel tuning profile for database and proxy hosts.

Profiles are tables of dotted sysctl keys. Each key is mapped to its path
under /proc/sys and written directly; if the write is refused, the tool
falls back to ``sysctl -w``. Methods named ``profile_<name>`` are discovered
with ``getattr`` so that new profiles need no registration.
"""
import argparse
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("tuner")
SYSCTL_ROOT = os.path.join(os.sep, "proc", "sys")


def key_to_path(key):
    return os.path.join(SYSCTL_ROOT, *key.split("."))


def read_value(key):
    with open(key_to_path(key), "r") as fh:
        return " ".join(fh.read().split())


class Tuner:
    def profile_database(self):
        return {
            "vm.swappiness": "1",
            "vm.dirty_ratio": "15",
            "vm.dirty_background_ratio": "5",
            "vm.overcommit_memory": "2",
            "kernel.shmmax": str(64 * 1024 ** 3),
        }

    def profile_proxy(self):
        return {
            "net.core.somaxconn": "65535",
            "net.ipv4.tcp_max_syn_backlog": "8192",
            "net.ipv4.ip_local_port_range": "1024 65000",
            "net.ipv4.tcp_tw_reuse": "1",
            "net.core.netdev_max_backlog": "16384",
        }

    def profile_latency(self):
        return {
            "net.ipv4.tcp_low_latency": "1",
            "kernel.sched_migration_cost_ns": "5000000",
            "vm.stat_interval": "10",
        }

    def available(self):
        return sorted(n[len("profile_"):] for n in dir(self) if n.startswith("profile_"))

    def settings(self, name):
        method = getattr(self, "profile_" + name, None)
        if method is None:
            raise KeyError(name)
        return method()


def write_value(key, value, use_sysctl_fallback=True):
    path = key_to_path(key)
    try:
        with open(path, "w") as fh:
            fh.write(value + "\n")
        return "proc"
    except PermissionError:
        if not use_sysctl_fallback:
            raise
    cmd = ["sysctl", "-w", "%s=%s" % (key, value)]
    if os.geteuid() != 0:
        cmd.insert(0, "sudo")
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return "sysctl"


def apply_profile(settings, dry_run, backup_file):
    previous, changed = {}, 0
    for key, wanted in settings.items():
        try:
            current = read_value(key)
        except FileNotFoundError:
            LOG.warning("%s not supported by this kernel", key)
            continue
        previous[key] = current
        if current == " ".join(wanted.split()):
            LOG.debug("%s already %s", key, wanted)
            continue
        LOG.info("%s: %s -> %s", key, current, wanted)
        if not dry_run:
            via = write_value(key, wanted)
            LOG.debug("%s written via %s", key, via)
        changed += 1
    if backup_file and previous:
        with open(backup_file, "w") as fh:
            json.dump(previous, fh, indent=2)
    return changed


def main():
    tuner = Tuner()
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("profile", choices=tuner.available())
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--backup", default="sysctl-backup.json",
                    help="where to store the previous values")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        changed = apply_profile(tuner.settings(args.profile), args.dry_run, args.backup)
    except subprocess.CalledProcessError as exc:
        LOG.error("sysctl failed: %s", exc)
        return 1
    LOG.info("profile %s: %d settings %s", args.profile, changed,
             "would change" if args.dry_run else "changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
