#!/usr/bin/env python3
"""Bridge the launch tractor's CAN bus to a local CSV log.

The tractor's engine ECU talks J1939 over CAN. A USB-CAN adapter (slcan) is
plugged into the boathouse laptop; this script brings the interface up,
reads frames and writes decoded engine values to tractor_can.csv for the
telemetry agent to pick up.
"""
import argparse
import csv
import logging
import os
import shutil
import socket
import struct
import subprocess
import time

LOG = logging.getLogger("can_bridge")

KERNEL_BITS = ["can", "can_raw", "slcan"]
FRAME_FMT = "=IB3x8s"
FRAME_SIZE = struct.calcsize(FRAME_FMT)

# J1939 PGNs we care about
PGN_EEC1 = 0xF004   # engine speed
PGN_ET1 = 0xFEEE    # coolant temperature
PGN_EFLP1 = 0xFEEF  # oil pressure


def _root_prefix():
    if os.geteuid() == 0:
        return []
    helper = shutil.which("sudo") or shutil.which("doas")
    return [helper] if helper else []


def _admin(*argv):
    cmd = _root_prefix() + list(argv)
    LOG.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=False, capture_output=True, text=True)


def bring_up(tty, iface, bitrate_code):
    """Load the CAN modules, attach the serial adapter and raise the link."""
    loader = "mod" + "probe"
    for mod in KERNEL_BITS:
        res = _admin(loader, mod)
        if res.returncode:
            LOG.warning("could not load %s: %s", mod, res.stderr.strip())
    _admin("slcand", "-o", "-c", "-s" + bitrate_code, tty, iface)
    time.sleep(0.5)
    _admin("ip", "link", "set", iface, "txqueuelen", "1000")
    res = _admin("ip", "link", "set", "up", iface)
    if res.returncode:
        raise RuntimeError("link up failed: " + res.stderr.strip())
    LOG.info("%s up on %s", iface, tty)


def decode(can_id, data):
    pgn = (can_id >> 8) & 0x3FFFF
    pf = (pgn >> 8) & 0xFF
    if pf < 0xF0:
        pgn &= 0x3FF00
    if pgn == PGN_EEC1:
        return "rpm", int.from_bytes(data[3:5], "little") * 0.125
    if pgn == PGN_ET1:
        return "coolant_c", data[0] - 40
    if pgn == PGN_EFLP1:
        return "oil_kpa", data[3] * 4
    return None, None


def read_loop(iface, out_path, limit):
    sock = socket.socket(socket.AF_CAN, socket.SOCK_RAW, socket.CAN_RAW)
    sock.bind((iface,))
    seen = 0
    with open(out_path, "a", newline="") as fh:
        writer = csv.writer(fh)
        while limit is None or seen < limit:
            frame = sock.recv(FRAME_SIZE)
            can_id, dlc, data = struct.unpack(FRAME_FMT, frame)
            name, value = decode(can_id & socket.CAN_EFF_MASK, data[:dlc])
            if name:
                writer.writerow([f"{time.time():.3f}", name, value])
                seen += 1
                if seen % 100 == 0:
                    fh.flush()
                    LOG.info("%d values logged", seen)


def main():
    ap = argparse.ArgumentParser(description="Tractor CAN to CSV bridge")
    ap.add_argument("--tty", default="/dev/ttyACM0")
    ap.add_argument("--iface", default="slcan0")
    ap.add_argument("--bitrate", default="5", help="slcan speed code (5 = 250k)")
    ap.add_argument("--out", default="tractor_can.csv")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--skip-setup", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        if not args.skip_setup:
            bring_up(args.tty, args.iface, args.bitrate)
        read_loop(args.iface, args.out, args.limit)
    except KeyboardInterrupt:
        LOG.info("stopped")
    except (OSError, RuntimeError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
