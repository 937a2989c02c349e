#!/usr/bin/env python3
"""fps-boost: pin the CPU frequency governor to "performance" while gaming.

    fps-boost on        # every core to performance, remembers previous setting
    fps-boost off       # restore what was there before
    fps-boost status

Writing the governor needs root, so the script re-launches itself through sudo
when necessary.  The previous governors are kept in ./governor_backup.json.
"""
import argparse
import glob
import json
import logging
import os
import sys

CPUFREQ_GLOB = "/sys/devices/system/cpu/cpu[0-9]*/cpufreq"
BACKUP_FILE = "governor_backup.json"
log = logging.getLogger("fps-boost")


def policy_dirs():
    dirs = sorted(glob.glob(CPUFREQ_GLOB), key=lambda p: int(p.split("/cpu")[-1].split("/")[0]))
    if not dirs:
        raise SystemExit("no cpufreq interface found (VM or unsupported CPU?)")
    return dirs


def read(path):
    with open(path) as fh:
        return fh.read().strip()


def write(path, value):
    with open(path, "w") as fh:
        fh.write(value)


def current_governors():
    return {d: read(os.path.join(d, "scaling_governor")) for d in policy_dirs()}


def available(d):
    try:
        return read(os.path.join(d, "scaling_available_governors")).split()
    except OSError:
        return []


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    log.info("root needed to change the governor, asking sudo...")
    # keep the user's working directory so the backup file lands in the same place
    os.execvp("sudo", ["sudo", "--preserve-env=PWD", sys.executable, os.path.abspath(__file__)] + argv)


def set_all(governor):
    changed = 0
    for d in policy_dirs():
        if governor not in available(d):
            log.warning("%s does not offer %s, skipping", d, governor)
            continue
        write(os.path.join(d, "scaling_governor"), governor)
        changed += 1
    return changed


def cmd_on(args):
    before = current_governors()
    if not os.path.exists(BACKUP_FILE):
        with open(BACKUP_FILE, "w") as fh:
            json.dump(before, fh, indent=1)
    n = set_all(args.governor)
    if args.no_turbo_off:
        boost = "/sys/devices/system/cpu/cpufreq/boost"
        if os.path.exists(boost):
            write(boost, "1")
    print(f"{n} core(s) set to {args.governor}")


def cmd_off(_args):
    try:
        with open(BACKUP_FILE) as fh:
            saved = json.load(fh)
    except (OSError, ValueError):
        log.warning("no backup, falling back to schedutil")
        saved = {d: "schedutil" for d in policy_dirs()}
    for d, gov in saved.items():
        try:
            write(os.path.join(d, "scaling_governor"), gov)
        except OSError as exc:
            log.error("%s: %s", d, exc)
    os.remove(BACKUP_FILE) if os.path.exists(BACKUP_FILE) else None
    print("governors restored")


def cmd_status(_args):
    for d, gov in current_governors().items():
        cpu = d.split("/")[-2]
        try:
            mhz = int(read(os.path.join(d, "scaling_cur_freq"))) // 1000
        except (OSError, ValueError):
            mhz = 0
        print(f"{cpu:6} {gov:12} {mhz:5} MHz  (avail: {' '.join(available(d))})")


def main():
    ap = argparse.ArgumentParser(description="CPU governor switch for gaming")
    sub = ap.add_subparsers(dest="cmd", required=True)
    on = sub.add_parser("on")
    on.add_argument("--governor", default="performance")
    on.add_argument("--no-turbo-off", action="store_true", help="make sure turbo boost is enabled")
    sub.add_parser("off")
    sub.add_parser("status")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="[fps-boost] %(message)s")

    if args.cmd in ("on", "off"):
        ensure_root(sys.argv[1:])
    {"on": cmd_on, "off": cmd_off, "status": cmd_status}[args.cmd](args)


if __name__ == "__main__":
    main()
