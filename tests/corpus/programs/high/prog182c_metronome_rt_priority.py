#!/usr/bin/env python3
"""Drum corps click-track metronome: real-time priority setup.

The lead drummer's click track stutters on the old practice laptop when
the browser is open. This helper gives the metronome binary the
capability to use real-time scheduling and relaxes the kernel's RT
throttle so the click stays steady through a full medley.
"""
import argparse
import logging
import os
import shutil
import subprocess
from pathlib import Path

LOG = logging.getLogger("rtprio")

RT_KNOBS = {
    "/proc/sys/kernel/sched_rt_runtime_us": "-1",
    "/proc/sys/kernel/sched_rt_period_us": "1000000",
}
DEFAULT_BINARY = os.environ.get("CLICK_BINARY", "/usr/local/bin/clicktrack")
CAPS = "cap_sys_nice,cap_ipc_lock+ep"


def elevated(cmd):
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    LOG.debug("running %s", " ".join(prefix + cmd))
    return subprocess.run(prefix + cmd, check=False, capture_output=True, text=True)


def current(knob):
    try:
        return Path(knob).read_text().strip()
    except OSError:
        return None


def tune_kernel(dry_run):
    for knob, value in RT_KNOBS.items():
        now = current(knob)
        if now == value:
            LOG.info("%s already %s", knob, value)
            continue
        LOG.info("%s: %s -> %s", knob, now, value)
        if dry_run:
            continue
        if os.geteuid() == 0:
            Path(knob).write_text(value)
        else:
            res = subprocess.run(["sudo", "-n", "tee", knob], input=value,
                                 text=True, capture_output=True)
            if res.returncode:
                LOG.error("could not set %s: %s", knob, res.stderr.strip())


def grant_caps(binary, dry_run):
    if not Path(binary).exists():
        LOG.error("metronome binary %s not found", binary)
        return False
    if not shutil.which("setcap"):
        LOG.error("setcap not installed (libcap2-bin)")
        return False
    if dry_run:
        LOG.info("would grant %s to %s", CAPS, binary)
        return True
    res = elevated(["setcap", CAPS, binary])
    if res.returncode:
        LOG.error("setcap failed: %s", res.stderr.strip())
        return False
    LOG.info("granted %s to %s", CAPS, binary)
    return True


def raise_memlock(user, dry_run):
    line = f"{user}\t-\tmemlock\tunlimited\n{user}\t-\trtprio\t95\n"
    target = "/etc/security/limits.d/90-clicktrack.conf"
    if dry_run:
        LOG.info("would write %s", target)
        return
    res = subprocess.run(["sudo", "-n", "tee", target], input=line, text=True,
                         capture_output=True)
    if res.returncode == 0:
        LOG.info("limits written to %s", target)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=DEFAULT_BINARY)
    ap.add_argument("--user", default=os.environ.get("USER", "drummer"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    tune_kernel(args.dry_run)
    ok = grant_caps(args.binary, args.dry_run)
    raise_memlock(args.user, args.dry_run)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
