#!/usr/bin/env python3
"""Fog horn driver for the Raspberry Pi signal controller.

Sounds the fog signal character (e.g. "2 blasts every 30 s") on a GPIO
pin that drives the horn's solid-state relay. It claims the pin through
sysfs while it still has the rights to, then carries on as the
unprivileged fogsig account.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import signal
import sys
import time

log = logging.getLogger("foghorn")

GPIO_ROOT = "/".join(["", "sys", "class", "gpio"])

# character -> (blast seconds, gap seconds, blasts, period seconds)
CHARACTERS = {
    "Horn(1)20s": (2.0, 0.0, 1, 20),
    "Horn(2)30s": (2.0, 2.0, 2, 30),
    "Horn(3)60s": (1.5, 1.5, 3, 60),
}


class Pin:
    def __init__(self, number):
        self.number = number
        self.path = f"{GPIO_ROOT}/gpio{number}"
        self._value = None

    def _write(self, path, text):
        with open(path, "w") as fh:
            fh.write(text)

    def claim(self):
        if not os.path.isdir(self.path):
            self._write(f"{GPIO_ROOT}/export", str(self.number))
            time.sleep(0.2)  # udev needs a moment to create the attributes
        self._write(f"{self.path}/direction", "out")
        # keep the value file open so it still works after dropping rights
        self._value = open(f"{self.path}/value", "w")

    def set(self, on):
        self._value.seek(0)
        self._value.write("1" if on else "0")
        self._value.flush()

    def release(self):
        if self._value:
            self.set(False)
            self._value.close()
        try:
            self._write(f"{GPIO_ROOT}/unexport", str(self.number))
        except OSError:
            pass


def become(account):
    """Switch to the service account through libc."""
    entry = pwd.getpwnam(account)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    for fn, arg in (("setgroups", None), ("setgid", entry.pw_gid), ("setuid", entry.pw_uid)):
        if fn == "setgroups":
            rc = libc.setgroups(0, None)
        else:
            rc = getattr(libc, fn)(arg)
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn} failed: {os.strerror(err)}")
    log.info("running as %s (uid %d)", account, entry.pw_uid)


def sound(pin, character, stop):
    blast, gap, count, period = CHARACTERS[character]
    while not stop["flag"]:
        start = time.monotonic()
        for i in range(count):
            pin.set(True)
            time.sleep(blast)
            pin.set(False)
            if i < count - 1:
                time.sleep(gap)
        remaining = period - (time.monotonic() - start)
        if remaining > 0:
            time.sleep(remaining)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pin", type=int, default=17)
    ap.add_argument("--character", choices=sorted(CHARACTERS), default="Horn(2)30s")
    ap.add_argument("--user", default="fogsig")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    pin = Pin(args.pin)
    stop = {"flag": False}

    def on_signal(signum, _frame):
        log.info("signal %d, silencing horn", signum)
        stop["flag"] = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    try:
        pin.claim()
        if os.geteuid() == 0:
            become(args.user)
        log.info("sounding %s on GPIO%d", args.character, args.pin)
        sound(pin, args.character, stop)
    except (OSError, KeyError) as exc:
        log.error("fog horn stopped: %s", exc)
        return 1
    finally:
        pin.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
