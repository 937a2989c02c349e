#!/usr/bin/env python3
"""Enable full core dumps for the Pixmill crash reporter on QA machines.

By default most distributions hand core dumps to systemd-coredump or
apport, which Pixmill's symbolicator cannot read.  This tool switches
the kernel to write plain core files into a spool directory, remembers
the previous settings in ./coredump-state.json and can restore them.
"""
import argparse
import json
import logging
import os
import resource
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("pixmill.coredump")
STATE_FILE = Path("coredump-state.json")
SPOOL = Path("/var/lib/pixmill/cores")
PROC_KNOBS = {
    "kernel.core_pattern": Path("/proc/sys/kernel/core_pattern"),
    "kernel.core_uses_pid": Path("/proc/sys/kernel/core_uses_pid"),
    "fs.suid_dumpable": Path("/proc/sys/fs/suid_dumpable"),
}
DESIRED = {
    "kernel.core_pattern": str(SPOOL / "core.%e.%p.%t"),
    "kernel.core_uses_pid": "1",
    "fs.suid_dumpable": "0",
}


def read_knob(name):
    return PROC_KNOBS[name].read_text().strip()


def write_knob(name, value, use_sysctl):
    if use_sysctl:
        cmd = ["sysctl", "-q", "-w", f"{name}={value}"]
        LOG.debug("running %s", " ".join(cmd))
        subprocess.run(cmd, check=True)
    else:
        with open(PROC_KNOBS[name], "w") as fh:
            fh.write(value + "\n")
    LOG.info("%s = %s", name, value)


def snapshot():
    return {name: read_knob(name) for name in PROC_KNOBS}


def raise_core_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_CORE)
    if soft != resource.RLIM_INFINITY:
        resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))
        LOG.info("RLIMIT_CORE soft limit raised to %s", "unlimited"
                 if hard == resource.RLIM_INFINITY else hard)


def prepare_spool(owner_gid):
    SPOOL.mkdir(parents=True, exist_ok=True)
    os.chmod(SPOOL, 0o1733)
    if owner_gid is not None:
        os.chown(SPOOL, 0, owner_gid)


def enable(args):
    current = snapshot()
    if current == DESIRED:
        print("core dumps already configured for Pixmill")
        return 0
    if not STATE_FILE.exists():
        STATE_FILE.write_text(json.dumps(current, indent=2))
        LOG.info("saved previous settings to %s", STATE_FILE)
    prepare_spool(args.gid)
    for name, value in DESIRED.items():
        if current.get(name) != value:
            write_knob(name, value, args.sysctl)
    raise_core_limit()
    print(f"cores will be written to {SPOOL}")
    return 0


def restore(args):
    if not STATE_FILE.exists():
        LOG.error("no saved state in %s", STATE_FILE)
        return 1
    previous = json.loads(STATE_FILE.read_text())
    for name, value in previous.items():
        if name in PROC_KNOBS:
            write_knob(name, value, args.sysctl)
    STATE_FILE.unlink()
    print("previous core dump settings restored")
    return 0


def status(_args):
    current = snapshot()
    width = max(map(len, current))
    for name, value in current.items():
        marker = "ok" if DESIRED[name] == value else "differs"
        print(f"{name:<{width}}  {value:<40} {marker}")
    soft, _ = resource.getrlimit(resource.RLIMIT_CORE)
    print(f"{'RLIMIT_CORE':<{width}}  {'unlimited' if soft == resource.RLIM_INFINITY else soft}")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=("enable", "restore", "status"))
    ap.add_argument("--sysctl", action="store_true", help="use sysctl(8) instead of /proc")
    ap.add_argument("--gid", type=int, default=None, help="group owning the spool")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    if args.action != "status" and os.geteuid() != 0:
        LOG.error("%s needs root", args.action)
        return 2
    handler = {"enable": enable, "restore": restore, "status": status}[args.action]
    try:
        return handler(args)
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("%s failed: %s", args.action, exc)
        return 3


if __name__ == "__main__":
    sys.exit(main())
