#!/usr/bin/env python3
"""Apply a kernel tuning profile for the duration of a load test and put
the previous values back afterwards (also on SIGINT/SIGTERM).  Profiles
live in ./tuning.ini, one section per profile, sysctl-style keys."""
import argparse
import configparser
import json
import logging
import os
import signal
import sys
import time
from pathlib import Path

log = logging.getLogger("knobs")
PROC_ROOT = "/proc/sys"
SNAPSHOT = Path("knobs.snapshot.json")

DEFAULT_PROFILES = """
[loadtest]
net.core.somaxconn = 8192
net.ipv4.tcp_max_syn_backlog = 8192
vm.swappiness = 10
fs.inotify.max_user_watches = 524288

[desktop]
vm.swappiness = 60
"""


def knob_path(key):
    return os.path.join(PROC_ROOT, *key.split("."))


def read_knob(key):
    with open(knob_path(key)) as fh:
        return fh.read().strip()


def write_knob(key, value):
    fd = os.open(knob_path(key), os.O_WRONLY | os.O_TRUNC)
    try:
        os.write(fd, f"{value}\n".encode())
    finally:
        os.close(fd)


def load_profile(name, ini):
    cp = configparser.ConfigParser()
    cp.optionxform = str
    if Path(ini).exists():
        cp.read(ini)
    else:
        cp.read_string(DEFAULT_PROFILES)
    if name not in cp:
        raise SystemExit(f"unknown profile {name!r}; have {cp.sections()}")
    return dict(cp[name])


def apply(profile):
    previous = {}
    for key, value in profile.items():
        try:
            previous[key] = read_knob(key)
        except FileNotFoundError:
            log.warning("skip %s: not supported by this kernel", key)
            continue
        write_knob(key, value)
        log.info("%s: %s -> %s", key, previous[key], value)
    SNAPSHOT.write_text(json.dumps(previous, indent=2))
    return previous


def restore(previous):
    for key, value in previous.items():
        try:
            write_knob(key, value)
            log.info("restored %s = %s", key, value)
        except OSError as exc:
            log.error("could not restore %s: %s", key, exc)
    SNAPSHOT.unlink(missing_ok=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("profile", nargs="?", default="loadtest")
    ap.add_argument("--ini", default="tuning.ini")
    ap.add_argument("--hold", type=int, default=0,
                    help="seconds to keep the profile (0 = until signalled)")
    ap.add_argument("--restore-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.restore_only:
        restore(json.loads(SNAPSHOT.read_text()))
        return 0

    if os.geteuid() != 0:
        log.error("writing %s requires root", PROC_ROOT)
        return 1

    previous = apply(load_profile(args.profile, args.ini))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        if args.hold:
            time.sleep(args.hold)
        else:
            signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        restore(previous)
    return 0


if __name__ == "__main__":
    sys.exit(main())
