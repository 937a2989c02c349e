#!/usr/bin/env python3
"""Download IGC flight logs from a competition GPS flight recorder over USB serial.

Club glider-tug and thermal-duration pilots carry an FR-2 style flight
recorder. Plugged in over USB it shows up as a CDC-ACM serial port and
answers a small line protocol:  LIST -> one "<id> <date> <bytes>" per flight,
GET <id> -> IGC text terminated by "END".  New flights are written to
./igc/<date>_<id>.igc; the list of already-downloaded ids is cached.
"""
import argparse
import logging
import os
import pickle
import sys
from pathlib import Path

import serial
from serial.tools import list_ports

log = logging.getLogger("fr-fetch")

CACHE = Path(".fr_index.pkl")
RECORDER_VIDS = {0x0483, 0x1D50, 0x2341}


def find_port():
    for p in list_ports.comports():
        if p.vid in RECORDER_VIDS:
            return p.device
    return None


def open_port(port, baud):
    try:
        return serial.Serial(port, baud, timeout=2)
    except serial.SerialException as exc:
        if isinstance(exc.__context__, PermissionError) or "Permission denied" in str(exc):
            log.error("no permission for %s - ask the club PC admin to add your "
                      "account to the 'dialout' group, then log in again", port)
        raise


class Recorder:
    def __init__(self, ser):
        self.ser = ser

    def _cmd(self, line):
        self.ser.reset_input_buffer()
        self.ser.write((line + "\r\n").encode("ascii"))

    def _lines(self):
        while True:
            raw = self.ser.readline()
            if not raw:
                raise TimeoutError("recorder stopped answering")
            line = raw.decode("ascii", "replace").rstrip("\r\n")
            if line == "END":
                return
            yield line

    def list_flights(self):
        self._cmd("LIST")
        out = []
        for line in self._lines():
            parts = line.split()
            if len(parts) == 3:
                out.append((parts[0], parts[1], int(parts[2])))
        return out

    def get_flight(self, fid):
        self._cmd(f"GET {fid}")
        return "\n".join(self._lines()) + "\n"


def load_index():
    try:
        with CACHE.open("rb") as fh:
            return pickle.load(fh)
    except (OSError, EOFError, pickle.UnpicklingError):
        return set()


def save_index(idx):
    with CACHE.open("wb") as fh:
        pickle.dump(idx, fh)
    os.chmod(CACHE, 0o600)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", help="serial device (auto-detected if omitted)")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--out", type=Path, default=Path("igc"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    port = args.port or find_port()
    if not port:
        log.error("no flight recorder found; is it plugged in and switched on?")
        return 2
    try:
        ser = open_port(port, args.baud)
    except serial.SerialException as exc:
        log.error("cannot open %s: %s", port, exc)
        return 1

    args.out.mkdir(exist_ok=True)
    index = load_index()
    rec = Recorder(ser)
    new = 0
    try:
        for fid, date, size in rec.list_flights():
            if fid in index:
                continue
            igc = rec.get_flight(fid)
            if not igc.startswith("A"):
                log.warning("flight %s: not an IGC file, skipped", fid)
                continue
            (args.out / f"{date}_{fid}.igc").write_text(igc)
            index.add(fid)
            new += 1
            log.info("downloaded %s (%s, %d bytes)", fid, date, size)
    except TimeoutError as exc:
        log.error("%s", exc)
    finally:
        ser.close()
        save_index(index)
    log.info("%d new flights", new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
