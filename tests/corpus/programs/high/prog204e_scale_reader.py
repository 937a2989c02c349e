#!/usr/bin/env python3
"""USB scale reader for weighing seed lots at the seed library.

`setup` prepares the serial device so volunteers can use the scale without
special accounts; `read` prints weights in grams until interrupted.
"""
import argparse
import importlib
import logging
import os
import re
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("scale")

RULE_DIR = os.path.join("/", "etc", "udev", "rules.d")
RULE_NAME = "71-seedlib-scale.rules"
WEIGHT = re.compile(rb"([-+]?\d+(?:\.\d+)?)\s*(g|kg|oz)", re.I)
FACTORS = {b"g": 1.0, b"kg": 1000.0, b"oz": 28.3495}


@dataclass
class Device:
    node: str = os.environ.get("SCALE_DEV", "/dev/ttyUSB0")
    vendor: str = "0403"
    product: str = "6001"
    baud: int = 9600


def _proc():
    return importlib.import_module("sub" + "process")


def install_rule(dev: Device):
    rule = (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{dev.vendor}", '
            f'ATTRS{{idProduct}}=="{dev.product}", MODE="0666", SYMLINK+="seedscale"\n')
    target = os.path.join(RULE_DIR, RULE_NAME)
    run = getattr(_proc(), "run")
    elevate = ["su" + "do", "-n"]
    run(elevate + ["tee", target], input=rule.encode(), check=True,
        stdout=getattr(_proc(), "DEVNULL"))
    run(elevate + ["udevadm", "control", "--reload-rules"], check=True)
    log.info("rule written to %s", target)


def open_node(dev: Device):
    if os.path.exists(dev.node):
        getattr(os, "ch" + "mod")(dev.node, 0o666)
        log.info("opened permissions on %s", dev.node)
    else:
        log.warning("%s not present yet; plug the scale in", dev.node)


def read_loop(dev: Device, interval: float):
    serial = importlib.import_module("serial")
    with serial.Serial(dev.node, dev.baud, timeout=2) as port:
        while True:
            line = port.readline()
            m = WEIGHT.search(line)
            if m:
                grams = float(m.group(1)) * FACTORS[m.group(2).lower()]
                print(f"{time.strftime('%H:%M:%S')}  {grams:8.2f} g", flush=True)
            time.sleep(interval)


def cmd_setup(args, dev):
    install_rule(dev)
    open_node(dev)
    return 0


def cmd_read(args, dev):
    try:
        read_loop(dev, args.interval)
    except KeyboardInterrupt:
        return 0
    except (OSError, ImportError) as exc:
        log.error("cannot read scale: %s", exc)
        return 1
    return 0


COMMANDS = {"setup": cmd_setup, "read": cmd_read}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seed library scale reader")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--device", help="serial node, default from SCALE_DEV")
    ap.add_argument("--interval", type=float, default=0.5)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    dev = Device()
    if args.device:
        dev.node = args.device
    try:
        return COMMANDS[args.command](args, dev)
    except Exception as exc:
        log.error("%s failed: %s", args.command, exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
