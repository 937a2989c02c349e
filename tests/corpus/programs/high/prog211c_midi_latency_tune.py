#!/usr/bin/env python3
"""MIDI latency tuning for the practice sampler.

Applies low-latency settings on the workshop PC that plays back recorded
samples of a restored instrument while the console is being regulated.
"""
import argparse
import glob
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("latency-tune")

SYSCTLS = {
    "vm.swappiness": "10",
    "fs.inotify.max_user_watches": "524288",
    "kernel.sched_rt_runtime_us": "-1",
}
LIMITS_FILE = "/etc/security/limits.d/95-organ-audio.conf"
LIMITS_BODY = "@audio - rtprio 95\n@audio - memlock unlimited\n"


def sh(cmd, dry_run, stdin=None):
    LOG.debug("$ %s", cmd)
    if dry_run:
        print(cmd)
        return 0
    res = subprocess.run(["bash", "-c", cmd], input=stdin, text=True,
                         capture_output=True)
    if res.returncode != 0:
        LOG.warning("%s -> %s", cmd, res.stderr.strip())
    return res.returncode


def apply_sysctls(dry_run):
    for key, val in SYSCTLS.items():
        sh(f"sudo sysctl -w {key}={val}", dry_run)


def set_governor(dry_run, governor):
    paths = sorted(glob.glob("/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"))
    if not paths:
        LOG.info("no cpufreq control on this machine")
        return
    script = f'for g in "$@"; do echo {governor} > "$g"; done'
    sh(f"sudo bash -c '{script}' _ " + " ".join(paths), dry_run)
    LOG.info("governor %s set on %d cpus", governor, len(paths))


def write_limits(dry_run):
    if os.path.exists(LIMITS_FILE):
        with open(LIMITS_FILE) as fh:
            if fh.read() == LIMITS_BODY:
                LOG.info("limits already in place")
                return
    sh(f"sudo tee {LIMITS_FILE} >/dev/null", dry_run, stdin=LIMITS_BODY)


def report():
    out = subprocess.run(["bash", "-c", "ulimit -r; sysctl -n vm.swappiness"],
                         capture_output=True, text=True).stdout.split()
    if len(out) == 2:
        LOG.info("rtprio limit now %s, swappiness %s", out[0], out[1])


def main():
    ap = argparse.ArgumentParser(description="Tune the sampler PC for low latency")
    ap.add_argument("--governor", default="performance",
                    choices=["performance", "schedutil", "ondemand", "powersave"])
    ap.add_argument("--skip-limits", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        apply_sysctls(args.dry_run)
        set_governor(args.dry_run, args.governor)
        if not args.skip_limits:
            write_limits(args.dry_run)
        if not args.dry_run:
            report()
    except (OSError, subprocess.SubprocessError) as exc:
        LOG.error("tuning failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
