#!/usr/bin/env python3
"""Emergency-stop relay monitor for the wake cable.

The tower Raspberry Pi watches the two lifeguard e-stop buttons on GPIO and
drives the cable's stop relay. It also opens the serial line to the drive
controller so the stop is logged with the carrier position.
"""
import argparse
import logging
import os
import stat
import time

LOG = logging.getLogger("estop")

GPIO_ROOT = "/sys/class/gpio"
PINS = {"button_dock": 17, "button_tower": 27, "relay": 22}
SERIAL_DEV = "/dev/ttyUSB0"


class SysfsPin:
    """Minimal sysfs GPIO wrapper (the Pi image has no gpiod bindings)."""

    def __init__(self, number, direction):
        self.number = number
        self.base = os.path.join(GPIO_ROOT, "gpio%d" % number)
        self.direction = direction

    def _write(self, path, value):
        with open(path, "w") as fh:
            fh.write(str(value))

    def setup(self):
        if not os.path.isdir(self.base):
            self._write(os.path.join(GPIO_ROOT, "export"), self.number)
            time.sleep(0.1)
        self._write(os.path.join(self.base, "direction"), self.direction)
        # let the non-root service account drive the pin afterwards
        for name in ("value", "direction"):
            os.chmod(os.path.join(self.base, name), 0o666)

    def read(self):
        with open(os.path.join(self.base, "value")) as fh:
            return fh.read().strip() == "1"

    def write(self, on):
        self._write(os.path.join(self.base, "value"), 1 if on else 0)

    def release(self):
        self._write(os.path.join(GPIO_ROOT, "unexport"), self.number)


def open_serial_for_all(dev):
    """Make the drive's serial port usable by the logging account."""
    mode = os.stat(dev).st_mode
    wanted = mode | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
    if mode != wanted:
        os.chmod(dev, wanted)
        LOG.info("opened permissions on %s", dev)
    try:
        os.chown(dev, os.getuid(), -1)
    except PermissionError:
        LOG.warning("could not take ownership of %s", dev)


def query_position(dev):
    try:
        with open(dev, "r+b", buffering=0) as port:
            port.write(b"POS?\r\n")
            return port.read(32).decode(errors="replace").strip()
    except OSError as exc:
        return "unknown (%s)" % exc


def monitor(poll, dev):
    dock = SysfsPin(PINS["button_dock"], "in")
    tower = SysfsPin(PINS["button_tower"], "in")
    relay = SysfsPin(PINS["relay"], "out")
    for pin in (dock, tower, relay):
        pin.setup()
    relay.write(False)
    stopped = False
    try:
        while True:
            pressed = dock.read() or tower.read()
            if pressed and not stopped:
                relay.write(True)
                stopped = True
                LOG.critical("E-STOP pressed, carrier at %s", query_position(dev))
            elif not pressed and stopped:
                LOG.info("e-stop released; restart the cable from the tower panel")
                relay.write(False)
                stopped = False
            time.sleep(poll)
    except KeyboardInterrupt:
        LOG.info("monitor stopped")
    finally:
        for pin in (dock, tower, relay):
            try:
                pin.release()
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--poll", type=float, default=0.02)
    ap.add_argument("--serial", default=SERIAL_DEV)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    open_serial_for_all(args.serial)
    monitor(args.poll, args.serial)


if __name__ == "__main__":
    main()
