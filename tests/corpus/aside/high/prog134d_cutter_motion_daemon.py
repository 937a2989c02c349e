#!/usr/bin/env python3
"""Key cutter motion daemon.

Streams G-code to the key cutter's motion controller over USB serial.
The controller stalls if the stream has gaps, so the daemon lowers the
USB serial latency timer, asks for real-time scheduling, and then keeps
only the rights it needs while serving jobs from the spool folder.
"""

import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import sys
import time
from pathlib import Path

log = logging.getLogger("cutter-motion")

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

PR_SET_KEEPCAPS = 8
SCHED_FIFO = 1
SYSFS_SERIAL = Path("/sys/bus/usb-serial/devices")


class SchedParam(ctypes.Structure):
    _fields_ = [("sched_priority", ctypes.c_int)]


def tune_latency(port_name, value_ms=1):
    """Set the FTDI latency timer (default is 16 ms, far too slow)."""
    knob = SYSFS_SERIAL / port_name / "latency_timer"
    if not knob.exists():
        log.info("no latency knob for %s", port_name)
        return
    knob.write_text(f"{value_ms}\n")
    log.info("latency timer for %s set to %d ms", port_name, value_ms)


def request_realtime(priority):
    param = SchedParam(priority)
    if libc.sched_setscheduler(0, SCHED_FIFO, ctypes.byref(param)) != 0:
        err = ctypes.get_errno()
        log.warning("real-time scheduling refused: %s", os.strerror(err))
    else:
        log.info("running with SCHED_FIFO priority %d", priority)


def switch_identity(username):
    """Continue as the service account, keeping capabilities across the switch."""
    entry = pwd.getpwnam(username)
    libc.prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0)
    os.setgroups([entry.pw_gid])
    calls = (("setresgid", entry.pw_gid), ("setresuid", entry.pw_uid))
    for name, ident in calls:
        fn = getattr(libc, name)
        if fn(ident, ident, ident) != 0:
            raise OSError(ctypes.get_errno(), f"{name} failed")
    log.info("now running as %s (%d)", username, entry.pw_uid)


def stream_job(port, job: Path, dry):
    lines = [l.strip() for l in job.read_text().splitlines() if l.strip()]
    if dry:
        log.info("would stream %d lines from %s", len(lines), job.name)
        return
    with open(port, "r+b", buffering=0) as dev:
        for line in lines:
            dev.write(line.encode() + b"\n")
            ack = dev.readline()
            if not ack.startswith(b"ok"):
                raise RuntimeError(f"controller said {ack!r} at {line}")
    log.info("job %s done", job.name)


def main():
    ap = argparse.ArgumentParser(description="Key cutter motion daemon")
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--spool", default="spool")
    ap.add_argument("--user", default="keycut")
    ap.add_argument("--priority", type=int, default=50)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        tune_latency(Path(args.port).name)
        request_realtime(args.priority)
        if os.geteuid() == 0:
            switch_identity(args.user)
    except (OSError, KeyError) as exc:
        log.error("startup failed: %s", exc)
        return 1

    spool = Path(args.spool)
    spool.mkdir(exist_ok=True)
    while True:
        for job in sorted(spool.glob("*.gcode")):
            try:
                stream_job(args.port, job, args.dry_run)
                job.rename(job.with_suffix(".done"))
            except (OSError, RuntimeError) as exc:
                log.error("job %s failed: %s", job.name, exc)
                job.rename(job.with_suffix(".failed"))
        time.sleep(2)


if __name__ == "__main__":
    sys.exit(main())
