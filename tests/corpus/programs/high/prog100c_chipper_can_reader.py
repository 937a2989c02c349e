#!/usr/bin/env python3
"""Read engine hours and load from a wood chipper's J1939 CAN bus.

The workshop laptop connects to the chipper's diagnostic port with a USB-CAN
adapter (candleLight / gs_usb).  This reads the engine hours PGN (65253),
engine speed (61444) and coolant temperature (65262) and writes a reading to
chipper_readings.csv for the service tracker.

    chipper_can_reader.py --unit CH-04 --seconds 20
"""
import argparse
import csv
import datetime as dt
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

import can

log = logging.getLogger("can_reader")

PGN_ENGINE_HOURS = 65253
PGN_EEC1 = 61444
PGN_ENGINE_TEMP = 65262
OUT = Path("chipper_readings.csv")


def interface_up(channel):
    state = Path(f"/sys/class/net/{channel}/operstate")
    try:
        return state.read_text().strip() in ("up", "unknown")
    except FileNotFoundError:
        raise SystemExit(f"{channel} not found - is the USB-CAN adapter plugged in?")


def bring_up(channel, bitrate):
    """Configure the socketcan link; needs root so go through polkit."""
    ip = shutil.which("ip") or "/usr/sbin/ip"
    elevate = shutil.which("pkexec")
    if elevate is None:
        raise SystemExit("pkexec not available; run: ip link set %s up type can bitrate %d"
                         % (channel, bitrate))
    steps = [
        [elevate, ip, "link", "set", channel, "down"],
        [elevate, ip, "link", "set", channel, "type", "can", "bitrate", str(bitrate),
         "restart-ms", "100"],
        [elevate, ip, "link", "set", channel, "up"],
    ]
    for cmd in steps:
        log.debug("running %s", " ".join(cmd[1:]))
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            raise SystemExit(f"failed to configure {channel}: {res.stderr.strip()}")
    log.info("%s up at %d bit/s", channel, bitrate)


def pgn_of(arbitration_id):
    pf = (arbitration_id >> 16) & 0xFF
    ps = (arbitration_id >> 8) & 0xFF
    dp = (arbitration_id >> 24) & 0x01
    return (dp << 16) | (pf << 8) | (ps if pf >= 240 else 0)


def decode(msg, reading):
    pgn = pgn_of(msg.arbitration_id)
    d = msg.data
    if pgn == PGN_ENGINE_HOURS and len(d) >= 4:
        reading["engine_hours"] = int.from_bytes(d[0:4], "little") * 0.05
    elif pgn == PGN_EEC1 and len(d) >= 5:
        reading["rpm"] = int.from_bytes(d[3:5], "little") * 0.125
    elif pgn == PGN_ENGINE_TEMP and len(d) >= 1:
        reading["coolant_c"] = d[0] - 40


def collect(channel, seconds):
    reading = {}
    with can.Bus(interface="socketcan", channel=channel, receive_own_messages=False) as bus:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            msg = bus.recv(timeout=1.0)
            if msg is None or not msg.is_extended_id:
                continue
            decode(msg, reading)
            if {"engine_hours", "rpm", "coolant_c"} <= reading.keys():
                break
    return reading


def save(unit, reading):
    new = not OUT.exists()
    with OUT.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["time", "unit", "engine_hours", "rpm", "coolant_c"])
        w.writerow([dt.datetime.now().isoformat(timespec="seconds"), unit,
                    round(reading.get("engine_hours", 0), 2),
                    round(reading.get("rpm", 0)), reading.get("coolant_c", "")])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--unit", required=True, help="fleet number, e.g. CH-04")
    ap.add_argument("--channel", default="can0")
    ap.add_argument("--bitrate", type=int, default=250000)
    ap.add_argument("--seconds", type=float, default=15)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not interface_up(args.channel):
        bring_up(args.channel, args.bitrate)

    reading = collect(args.channel, args.seconds)
    if "engine_hours" not in reading:
        log.error("no engine hours broadcast seen in %.0fs - is the ignition on?", args.seconds)
        return 1
    save(args.unit, reading)
    log.info("%s: %.1f h, %s rpm, coolant %s C", args.unit, reading["engine_hours"],
             round(reading.get("rpm", 0)), reading.get("coolant_c", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
