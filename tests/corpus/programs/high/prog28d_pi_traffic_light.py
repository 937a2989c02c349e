#!/usr/bin/env python3
"""Traffic-light LEDs for the kids' toy car track (Raspberry Pi).

Wiring (BCM numbers): red=17, amber=27, green=22, pedestrian button=23.
Uses the kernel sysfs GPIO interface directly so it works on any distro
without extra Python packages.  sysfs GPIO needs root: run with sudo.
"""
import argparse
import logging
import os
import signal
import sys
import time

GPIO_ROOT = "/sys/class/gpio"
PINS = {"red": 17, "amber": 27, "green": 22}
BUTTON = 23
PHASES = [
    ({"red"}, 6.0),
    ({"red", "amber"}, 1.5),
    ({"green"}, 8.0),
    ({"amber"}, 2.0),
]

log = logging.getLogger("traffic")


class SysfsPin:
    def __init__(self, number, direction):
        self.number = number
        self.path = os.path.join(GPIO_ROOT, f"gpio{number}")
        if not os.path.isdir(self.path):
            self._write(os.path.join(GPIO_ROOT, "export"), str(number))
            # udev needs a moment to create the attribute files
            for _ in range(20):
                if os.path.exists(os.path.join(self.path, "direction")):
                    break
                time.sleep(0.05)
        self._write(os.path.join(self.path, "direction"), direction)

    @staticmethod
    def _write(path, value):
        with open(path, "w") as fh:
            fh.write(value)

    def set(self, on):
        self._write(os.path.join(self.path, "value"), "1" if on else "0")

    def get(self):
        with open(os.path.join(self.path, "value")) as fh:
            return fh.read().strip() == "1"

    def release(self):
        try:
            self._write(os.path.join(GPIO_ROOT, "unexport"), str(self.number))
        except OSError as exc:
            log.debug("unexport %d: %s", self.number, exc)


class TrafficLight:
    def __init__(self, speed):
        self.leds = {name: SysfsPin(num, "out") for name, num in PINS.items()}
        self.button = SysfsPin(BUTTON, "in")
        self.speed = speed
        self.waiting = False

    def show(self, lit):
        for name, pin in self.leds.items():
            pin.set(name in lit)

    def wait(self, seconds):
        end = time.monotonic() + seconds / self.speed
        while time.monotonic() < end:
            if not self.waiting and self.button.get():
                log.info("pedestrian button pressed")
                self.waiting = True
            time.sleep(0.02)

    def cycle(self):
        for lit, duration in PHASES:
            if "green" in lit and self.waiting:
                duration = min(duration, 2.0)
            if lit == {"red"} and self.waiting:
                duration += 4.0
                self.waiting = False
            self.show(lit)
            self.wait(duration)

    def close(self):
        self.show(set())
        for pin in list(self.leds.values()) + [self.button]:
            pin.release()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--speed", type=float, default=1.0, help="time multiplier for demos")
    ap.add_argument("--cycles", type=int, default=0, help="0 = forever")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        sys.exit("sysfs GPIO needs root: sudo python3 " + sys.argv[0])
    if not os.path.isdir(GPIO_ROOT):
        sys.exit("no /sys/class/gpio - is this a Raspberry Pi?")

    light = TrafficLight(args.speed)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        n = 0
        while args.cycles == 0 or n < args.cycles:
            light.cycle()
            n += 1
    except KeyboardInterrupt:
        pass
    finally:
        light.close()
        log.info("pins released")


if __name__ == "__main__":
    main()
