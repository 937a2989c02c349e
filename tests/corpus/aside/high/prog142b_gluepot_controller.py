#!/usr/bin/env python3
"""Glue pot heater controller.

Runs on the small board under the bench. Reads the pot thermistor through
the ADC, switches the heater relay to hold hide glue at 60 C and writes a
status line for the bench display. It has to start with enough rights to
open the GPIO and ADC devices; afterwards it switches over to the service
account so the control loop runs with that account's identity.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import pwd
import time

log = logging.getLogger("gluepot")

TARGET_C = 60.0
HYSTERESIS = 1.5
ADC_DEV = "/sys/bus/iio/devices/iio:device0/in_voltage0_raw"
RELAY_VALUE = "/sys/class/gpio/gpio17/value"


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def switch_identity(account, extra_groups=("gpio", "iio")):
    """Switch the process identity to the given account via libc."""
    libc = _libc()
    pw = pwd.getpwnam(account)
    gids = [pw.pw_gid]
    for g in extra_groups:
        try:
            gids.append(grp.getgrnam(g).gr_gid)
        except KeyError:
            pass
    arr = (ctypes.c_uint * len(gids))(*gids)
    calls = [
        ("groups", (len(gids), arr)),
        ("resgid", (pw.pw_gid,) * 3),
        ("resuid", (pw.pw_uid,) * 3),
    ]
    for suffix, argv in calls:
        fn = getattr(libc, "set" + suffix)
        if fn(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"set{suffix} failed")
    log.info("now running as %s (uid %d)", account, pw.pw_uid)


def export_gpio(pin=17):
    try:
        with open("/sys/class/gpio/export", "w") as fh:
            fh.write(str(pin))
    except OSError:
        pass  # already exported
    with open(f"/sys/class/gpio/gpio{pin}/direction", "w") as fh:
        fh.write("out")


class Pot:
    def __init__(self, beta=3950, r0=10000.0, t0=298.15, vref_counts=4095):
        self.beta = beta
        self.r0 = r0
        self.t0 = t0
        self.max = vref_counts
        self.heating = False

    def temperature(self):
        import math
        with open(ADC_DEV) as fh:
            raw = int(fh.read().strip())
        raw = min(max(raw, 1), self.max - 1)
        r = self.r0 * raw / (self.max - raw)
        return 1.0 / (1.0 / self.t0 + math.log(r / self.r0) / self.beta) - 273.15

    def relay(self, on):
        with open(RELAY_VALUE, "w") as fh:
            fh.write("1" if on else "0")
        self.heating = on


def control_loop(pot, target, interval):
    while True:
        try:
            t = pot.temperature()
        except (OSError, ValueError) as exc:
            log.error("sensor read failed: %s, heater off", exc)
            pot.relay(False)
            time.sleep(interval)
            continue
        if t < target - HYSTERESIS and not pot.heating:
            pot.relay(True)
        elif t > target + HYSTERESIS and pot.heating:
            pot.relay(False)
        log.info("pot %.1f C heater %s", t, "on" if pot.heating else "off")
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--target", type=float, default=TARGET_C)
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--account", default="bench")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    export_gpio()
    switch_identity(args.account)
    pot = Pot()
    try:
        control_loop(pot, args.target, args.interval)
    except KeyboardInterrupt:
        pot.relay(False)
        log.info("stopped, heater off")


if __name__ == "__main__":
    main()
