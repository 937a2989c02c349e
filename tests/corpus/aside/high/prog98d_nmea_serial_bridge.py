#!/usr/bin/env python3
"""NMEA 0183 serial bridge for the yard's test-tank and sea-trial kit.

Reads sentences from a USB NMEA multiplexer (depth, engine RPM/hours, water
temperature), validates checksums, logs decoded values to CSV in the
working directory and optionally echoes raw sentences to a UDP port for
OpenCPN on the trials laptop.

    nmea_serial_bridge.py --device /dev/ttyUSB0 --baud 4800 --udp 10110
"""
import argparse
import csv
import datetime as dt
import grp
import logging
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import serial

LOG = logging.getLogger("nmea_bridge")


def checksum_ok(sentence):
    if "*" not in sentence:
        return False
    body, _, given = sentence[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    try:
        return calc == int(given[:2], 16)
    except ValueError:
        return False


def decode(sentence):
    fields = sentence.split("*")[0].split(",")
    tag = fields[0][3:]
    try:
        if tag == "DPT":
            return {"depth_m": float(fields[1])}
        if tag == "MTW":
            return {"water_c": float(fields[1])}
        if tag == "RPM" and fields[1] == "E":
            return {f"rpm_{fields[2]}": float(fields[3])}
        if tag == "XDR" and len(fields) >= 5 and fields[4].startswith("ENGINEHOURS"):
            return {"engine_hours": float(fields[2])}
    except (IndexError, ValueError):
        pass
    return {}


def ensure_device_access(device):
    """Make the multiplexer usable without running the bridge as root."""
    path = Path(device)
    if os.access(path, os.R_OK | os.W_OK):
        return
    mode = stat.S_IMODE(path.stat().st_mode)
    LOG.info("%s mode %o not usable by %s, opening it up", device, mode,
             os.environ.get("USER", "?"))
    try:
        os.chmod(path, 0o666)
    except PermissionError:
        subprocess.run(["sudo", "chmod", "0666", str(path)], check=True)
        try:
            group = grp.getgrgid(path.stat().st_gid).gr_name
            subprocess.run(["sudo", "usermod", "-aG", group,
                            os.environ.get("USER", "")], check=False)
        except KeyError:
            pass


def open_port(device, baud):
    ensure_device_access(device)
    return serial.Serial(device, baudrate=baud, timeout=2)


def run(port, writer, udp, udp_port):
    current = {}
    for raw in iter(port.readline, None):
        line = raw.decode("ascii", errors="ignore").strip()
        if not line:
            continue
        if not line.startswith(("$", "!")) or not checksum_ok(line):
            LOG.debug("dropped %r", line)
            continue
        if udp is not None:
            udp.sendto((line + "\r\n").encode(), ("127.0.0.1", udp_port))
        values = decode(line)
        if values:
            current.update(values)
            writer.writerow({"ts": dt.datetime.now().isoformat(timespec="seconds"),
                             "sentence": line[:6], **values})


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=4800)
    ap.add_argument("--udp", type=int, default=0, help="echo to this local UDP port")
    ap.add_argument("--out", default="nmea_log.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        port = open_port(args.device, args.baud)
    except (OSError, serial.SerialException, subprocess.CalledProcessError) as exc:
        LOG.error("cannot open %s: %s", args.device, exc)
        return 1

    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM) if args.udp else None
    fields = ["ts", "sentence", "depth_m", "water_c", "rpm_1", "rpm_2", "engine_hours"]
    new = not Path(args.out).exists()
    with open(args.out, "a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        if new:
            writer.writeheader()
        try:
            run(port, writer, udp, args.udp)
        except KeyboardInterrupt:
            LOG.info("stopped")
        finally:
            port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
