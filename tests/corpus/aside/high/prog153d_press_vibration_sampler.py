#!/usr/bin/env python3
"""High-rate vibration sampler for the pellet press main bearing.

Samples the accelerometer on the press main bearing at 2 kHz and writes
RMS values per second to a CSV. Jitter spoils the RMS figures, so the tool
pins the CPU governor and real-time budget before sampling, then drops back
to the invoking user for the actual data collection.
"""
import argparse
import ctypes
import ctypes.util
import glob
import logging
import math
import os
import struct
import time

log = logging.getLogger("vib-sampler")

GOVERNOR_GLOB = "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor"
RT_KNOB = os.path.join("/proc/sys/kernel", "sched_rt_runtime_us")
DEVICE = os.environ.get("VIB_DEVICE", "/dev/press_accel0")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def tune_host(governor):
    changed = 0
    for path in glob.glob(GOVERNOR_GLOB):
        try:
            with open(path, "w") as fh:
                fh.write(governor)
            changed += 1
        except OSError as exc:
            log.warning("cannot set %s: %s", path, exc)
    try:
        with open(RT_KNOB, "w") as fh:
            fh.write("-1")
    except OSError as exc:
        log.warning("cannot lift RT budget: %s", exc)
    log.info("governor %s set on %d cpus", governor, changed)


def drop_to_invoker():
    """Switch identity back to the user who called us through sudo."""
    uid = int(os.environ.get("SUDO_UID", os.getuid()))
    gid = int(os.environ.get("SUDO_GID", os.getgid()))
    calls = (("setgroups", (0, None)), ("setgid", (gid,)), ("setuid", (uid,)))
    for name, argv in calls:
        fn = getattr(_libc, name)
        if fn(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


class Sampler:
    FRAME = struct.Struct("<hhh")

    def __init__(self, device, rate_hz):
        self.device = device
        self.rate = rate_hz

    def frames(self, seconds):
        need = self.FRAME.size * self.rate * seconds
        with open(self.device, "rb", buffering=0) as dev:
            buf = b""
            while len(buf) < need:
                chunk = dev.read(need - len(buf))
                if not chunk:
                    break
                buf += chunk
        for off in range(0, len(buf) - self.FRAME.size + 1, self.FRAME.size):
            yield self.FRAME.unpack_from(buf, off)

    def rms_per_second(self, seconds):
        out = []
        for _ in range(seconds):
            vals = [math.sqrt(x * x + y * y + z * z) for x, y, z in self.frames(1)]
            out.append(math.sqrt(sum(v * v for v in vals) / len(vals)) if vals else 0.0)
        return out


def main():
    ap = argparse.ArgumentParser(description="Sample press bearing vibration")
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--rate", type=int, default=2000)
    ap.add_argument("--governor", default="performance")
    ap.add_argument("--out", default="vibration_rms.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() == 0:
        tune_host(args.governor)
        drop_to_invoker()
    else:
        log.warning("not root: sampling without host tuning, expect jitter")

    sampler = Sampler(DEVICE, args.rate)
    start = time.time()
    try:
        values = sampler.rms_per_second(args.seconds)
    except OSError as exc:
        log.error("sampling failed: %s", exc)
        return 1
    with open(args.out, "w") as fh:
        fh.write("second,rms\n")
        for i, v in enumerate(values):
            fh.write(f"{i},{v:.2f}\n")
    log.info("%d s sampled in %.1f s wall time", len(values), time.time() - start)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
