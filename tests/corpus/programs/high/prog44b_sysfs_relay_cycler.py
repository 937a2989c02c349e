#!/usr/bin/env python3
"""Power-cycle farm boards by toggling relay lines through the sysfs GPIO ABI.

Older controller images (kernel 4.x on the BeagleBone farm master) have no
libgpiod, so the lines are exported and driven through /sys/class/gpio.
Line numbers come from a small INI file so the wiring can change without
touching the code.
"""
import argparse
import configparser
import logging
import time
from pathlib import Path

log = logging.getLogger("sysfs-relay")
GPIO_ROOT = Path("/sys/class/gpio")
DEFAULT_WIRING = """
[rpi4-a]
gpio = 49
[rpi4-b]
gpio = 115
[imx8-01]
gpio = 60
active_low = yes
"""


class SysfsLine:
    def __init__(self, number: int, active_low: bool = False):
        self.number = number
        self.active_low = active_low
        self.node = GPIO_ROOT / f"gpio{number}"

    def _write(self, path: Path, value: str) -> None:
        log.debug("echo %s > %s", value, path)
        with open(path, "w") as fh:
            fh.write(value)

    def export(self) -> None:
        if not self.node.exists():
            self._write(GPIO_ROOT / "export", str(self.number))
            for _ in range(50):  # udev needs a moment to create the node
                if (self.node / "direction").exists():
                    break
                time.sleep(0.02)
        self._write(self.node / "direction", "out")
        self._write(self.node / "active_low", "1" if self.active_low else "0")

    def set(self, on: bool) -> None:
        self._write(self.node / "value", "1" if on else "0")

    def get(self) -> int:
        return int((self.node / "value").read_text().strip())

    def unexport(self) -> None:
        if self.node.exists():
            self._write(GPIO_ROOT / "unexport", str(self.number))


def load_wiring(path: str | None) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    if path:
        if not cfg.read(path):
            raise FileNotFoundError(path)
    else:
        cfg.read_string(DEFAULT_WIRING)
    return cfg


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("boards", nargs="+")
    ap.add_argument("--wiring", help="INI file mapping boards to gpio numbers")
    ap.add_argument("--off", type=float, default=2.5)
    ap.add_argument("--keep-exported", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    wiring = load_wiring(args.wiring)
    rc = 0
    for board in args.boards:
        if not wiring.has_section(board):
            log.error("no wiring entry for %s", board)
            rc = 1
            continue
        sect = wiring[board]
        line = SysfsLine(sect.getint("gpio"), sect.getboolean("active_low", False))
        try:
            line.export()
            line.set(False)
            log.info("%s: power off for %.1fs", board, args.off)
            time.sleep(args.off)
            line.set(True)
            log.info("%s: power on (value=%d)", board, line.get())
        except PermissionError:
            log.error("%s: no permission on %s (run on the farm master as root)",
                      board, GPIO_ROOT)
            rc = 1
        except OSError as exc:
            log.error("%s: gpio error: %s", board, exc)
            rc = 1
        finally:
            if not args.keep_exported:
                line.unexport()
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
