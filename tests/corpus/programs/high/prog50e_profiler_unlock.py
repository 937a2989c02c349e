#!/usr/bin/env python3
"""Unlock kernel profiling so crash reports can include perf call graphs.

Lowers perf_event_paranoid and kptr_restrict through /proc/sys and grants
CAP_PERFMON to the perf binary. --restore puts the saved values back.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("profiler-unlock")

KNOBS = {
    "kernel.perf_event_paranoid": "-1",
    "kernel.kptr_restrict": "0",
    "kernel.perf_event_mlock_kb": "2048",
}
STATE_FILE = Path(".profiler-unlock.state.json")


def knob_path(name):
    return Path("/proc/sys") / name.replace(".", "/")


def read_knob(name):
    return knob_path(name).read_text().strip()


def write_knob(name, value):
    with open(knob_path(name), "w") as fh:
        fh.write(f"{value}\n")
    LOG.info("%s = %s", name, value)


def set_perf_caps(enable):
    perf = shutil.which("perf")
    if perf is None:
        LOG.warning("perf not installed; skipping capabilities")
        return
    perf = os.path.realpath(perf)
    if enable:
        cmd = ["setcap", "cap_perfmon,cap_sys_ptrace,cap_syslog=ep", perf]
    else:
        cmd = ["setcap", "-r", perf]
    subprocess.run(cmd, check=True)
    LOG.info("%s capabilities on %s", "set" if enable else "removed", perf)


def unlock():
    saved = {name: read_knob(name) for name in KNOBS}
    STATE_FILE.write_text(json.dumps(saved, indent=1))
    for name, value in KNOBS.items():
        write_knob(name, value)
    set_perf_caps(True)


def restore():
    if not STATE_FILE.exists():
        LOG.error("no saved state in %s", STATE_FILE)
        return False
    saved = json.loads(STATE_FILE.read_text())
    for name, value in saved.items():
        write_knob(name, value)
    set_perf_caps(False)
    STATE_FILE.unlink()
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--restore", action="store_true")
    ap.add_argument("--status", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.status:
        for name in KNOBS:
            print(f"{name:32} {read_knob(name)}")
        return 0
    if os.geteuid() != 0:
        LOG.error("root privileges required")
        return 1
    try:
        if args.restore:
            return 0 if restore() else 1
        unlock()
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("failed: %s", exc)
        return 1
    LOG.info("profiling unlocked; run with --restore afterwards")
    return 0


if __name__ == "__main__":
    sys.exit(main())
