#!/usr/bin/env python3
"""Poll tower shelter sensors over RS-485 (Modbus RTU) and log readings.

Each tower shelter has a small Modbus controller reporting battery bank
voltage, shelter temperature, door contact and generator run state.  This
poller walks the configured slave ids, decodes the holding registers and
appends readings to a CSV per site.  The last good reading per slave is kept
in a state file so gaps can be back-filled after a serial hiccup.
"""
import argparse
import csv
import json
import logging
import pickle
import struct
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import serial

log = logging.getLogger("shelter-poller")

STATE_FILE = Path("state/last_readings.pkl")
REGISTERS = {
    # name: (address, scale)
    "battery_v": (0x0000, 0.01),
    "shelter_c": (0x0001, 0.1),
    "door_open": (0x0002, 1),
    "gen_running": (0x0003, 1),
    "rectifier_a": (0x0004, 0.1),
}


def crc16(data: bytes) -> int:
    crc = 0xFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


class ModbusRTU:
    def __init__(self, port, baud=9600, timeout=0.5):
        self.ser = serial.Serial(port, baudrate=baud, bytesize=8, parity="N",
                                 stopbits=1, timeout=timeout)

    def read_holding(self, slave, addr, count):
        req = struct.pack(">BBHH", slave, 0x03, addr, count)
        req += struct.pack("<H", crc16(req))
        self.ser.reset_input_buffer()
        self.ser.write(req)
        expected = 5 + 2 * count
        resp = self.ser.read(expected)
        if len(resp) != expected:
            raise IOError(f"slave {slave}: short read ({len(resp)}/{expected})")
        if crc16(resp[:-2]) != struct.unpack("<H", resp[-2:])[0]:
            raise IOError(f"slave {slave}: CRC mismatch")
        return struct.unpack(f">{count}H", resp[3:3 + 2 * count])

    def close(self):
        self.ser.close()


def load_state():
    try:
        with STATE_FILE.open("rb") as fh:
            return pickle.load(fh)
    except (FileNotFoundError, EOFError):
        return {}


def save_state(state):
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    with STATE_FILE.open("wb") as fh:
        pickle.dump(state, fh)


def poll_slave(bus, slave):
    raw = bus.read_holding(slave, 0x0000, len(REGISTERS))
    reading = {"ts": datetime.now(timezone.utc).isoformat(timespec="seconds"), "slave": slave}
    for name, (addr, scale) in REGISTERS.items():
        reading[name] = round(raw[addr] * scale, 2)
    return reading


def append_csv(site, reading):
    out = Path("readings") / f"{site}.csv"
    out.parent.mkdir(exist_ok=True)
    new = not out.exists()
    with out.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["ts", "slave", *REGISTERS])
        if new:
            w.writeheader()
        w.writerow(reading)


def run(cfg, once=False):
    try:
        bus = ModbusRTU(cfg["port"], cfg.get("baud", 9600))
    except serial.SerialException as exc:
        log.error("cannot open %s: %s (is your user in the dialout group?)", cfg["port"], exc)
        return 1
    state = load_state()
    try:
        while True:
            for site, slave in cfg["slaves"].items():
                try:
                    reading = poll_slave(bus, int(slave))
                except IOError as exc:
                    log.warning("%s: %s", site, exc)
                    continue
                append_csv(site, reading)
                state[site] = reading
                if reading["battery_v"] < cfg.get("low_battery_v", 47.5):
                    log.warning("%s battery low: %.2f V", site, reading["battery_v"])
            save_state(state)
            if once:
                return 0
            time.sleep(cfg.get("interval_s", 60))
    finally:
        bus.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="shelters.json")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        cfg = json.loads(Path(args.config).read_text())
    except (OSError, ValueError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 2
    return run(cfg, once=args.once)


if __name__ == "__main__":
    sys.exit(main())
