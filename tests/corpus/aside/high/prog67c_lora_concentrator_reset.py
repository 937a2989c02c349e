#!/usr/bin/env python3
"""Power-cycle and reset the SX1302/SX1303 LoRa concentrator on a gateway.

Works out the carrier board from /proc/cpuinfo, makes sure the SPI driver is
loaded, drives the power and reset GPIOs through the reset sequence the
Semtech HAL expects, and then reports the same status fields as the status
tool (written to status.json).
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from dataclasses import dataclass, asdict, field

log = logging.getLogger("concentrator")

GPIO_ROOT = "/sys/class/gpio"


@dataclass
class BoardPins:
    name: str
    reset: int
    power: int
    spi_dev: str = "/dev/spidev0.0"
    spi_module: str = "spi_bcm2835"


BOARDS = {
    "Raspberry Pi 4": BoardPins("rpi4-corecell", reset=17, power=18),
    "Raspberry Pi 3": BoardPins("rpi3-corecell", reset=17, power=18),
    "Raspberry Pi Compute Module 4": BoardPins("cm4-gw", reset=22, power=23, spi_dev="/dev/spidev1.0"),
}


@dataclass
class Status:
    board: str = "unknown"
    spi_present: bool = False
    reset_line: str = "unexported"
    power_line: str = "unexported"
    reset_at: float = field(default_factory=time.time)


def detect_board():
    model = ""
    with open("/proc/cpuinfo") as fh:
        for line in fh:
            if line.startswith("Model"):
                model = line.split(":", 1)[1].strip()
    for prefix, pins in BOARDS.items():
        if model.startswith(prefix):
            return model, pins
    return model, None


class SysfsLine:
    """Minimal sysfs GPIO line, enough for the reset sequence."""

    def __init__(self, pin):
        self.pin = pin
        self.path = os.path.join(GPIO_ROOT, f"gpio{pin}")

    def _write(self, name, value):
        with open(os.path.join(self.path if name != "export" else GPIO_ROOT, name), "w") as fh:
            fh.write(str(value))

    def claim(self):
        if not os.path.isdir(self.path):
            self._write("export", self.pin)
            for _ in range(20):  # udev needs a moment to fix permissions
                if os.access(os.path.join(self.path, "direction"), os.W_OK):
                    break
                time.sleep(0.05)
        self._write("direction", "out")

    def set(self, level):
        self._write("value", 1 if level else 0)

    def state(self):
        try:
            with open(os.path.join(self.path, "direction")) as d, open(os.path.join(self.path, "value")) as v:
                return f"{d.read().strip()}={v.read().strip()}"
        except OSError:
            return "unexported"


def ensure_spi(pins, timeout=3.0):
    if os.path.exists(pins.spi_dev):
        return True
    log.info("%s missing, loading %s", pins.spi_dev, pins.spi_module)
    for mod in (pins.spi_module, "spidev"):
        subprocess.run(["modprobe", mod], check=False)
    deadline = time.time() + timeout
    while time.time() < deadline:
        if os.path.exists(pins.spi_dev):
            return True
        time.sleep(0.1)
    return False


def reset_sequence(pins, hold=0.1):
    power, reset = SysfsLine(pins.power), SysfsLine(pins.reset)
    power.claim()
    reset.claim()
    power.set(0)
    time.sleep(hold)
    power.set(1)
    time.sleep(hold)
    reset.set(1)
    time.sleep(hold)
    reset.set(0)
    time.sleep(hold)
    return power.state(), reset.state()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hold", type=float, default=0.1, help="seconds per reset step")
    ap.add_argument("--out", default="status.json")
    ap.add_argument("--skip-spi", action="store_true", help="do not touch the SPI driver")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    st = Status()
    model, pins = detect_board()
    if pins is None:
        log.error("unsupported board %r", model)
        return 2
    st.board = f"{pins.name} ({model})"

    st.spi_present = True if args.skip_spi else ensure_spi(pins)
    if not st.spi_present:
        log.error("SPI device %s did not appear", pins.spi_dev)

    try:
        st.power_line, st.reset_line = reset_sequence(pins, args.hold)
    except PermissionError as exc:
        log.error("GPIO access denied (%s); run as root or add user to gpio group", exc)
        return 3
    except OSError as exc:
        log.error("GPIO error: %s", exc)
        return 3

    with open(args.out, "w") as fh:
        json.dump(asdict(st), fh, indent=2)
    for k, v in asdict(st).items():
        print(f"{k:12} {v}")
    return 0 if st.spi_present else 1


if __name__ == "__main__":
    sys.exit(main())
