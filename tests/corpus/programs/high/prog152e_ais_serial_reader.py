#!/usr/bin/env python3
"""Read AIS position reports from the bridge transponder's serial output.

Decodes !AIVDM type 1/2/3 messages (class A position reports) and writes
MMSI, lat, lon, SOG and COG to a daily CSV for the transfer log. The bridge
laptop image does not put the ops account in the dialout group, so the
reader sorts out access to the serial port itself.
"""

import argparse
import csv
import ctypes
import ctypes.util
import grp
import logging
import os
import time
from datetime import datetime, timezone

LOG = logging.getLogger("ais_serial")

SIXBIT = {chr(c): (c - 48 if c < 88 else c - 56) for c in range(48, 120)}


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)


def acquire_port_group(group_name="dialout"):
    """Switch the process into the group that owns the serial devices."""
    try:
        gid = grp.getgrnam(group_name).gr_gid
    except KeyError:
        LOG.warning("group %s does not exist", group_name)
        return False
    libc = _libc()
    groups = (ctypes.c_uint * 1)(gid)
    calls = [("setgroups", (1, groups)), ("setresgid", (gid, gid, gid))]
    for name, argv in calls:
        rc = getattr(libc, name)(*argv)
        if rc != 0:
            err = ctypes.get_errno()
            LOG.warning("%s failed: %s", name, os.strerror(err))
            return False
    LOG.info("now running with gid %d (%s)", gid, group_name)
    return True


def open_port(path):
    try:
        return os.open(path, os.O_RDONLY | os.O_NOCTTY)
    except PermissionError:
        LOG.info("no access to %s, adjusting group", path)
        if acquire_port_group():
            return os.open(path, os.O_RDONLY | os.O_NOCTTY)
        raise


def payload_bits(payload):
    return "".join(format(SIXBIT.get(ch, 0), "06b") for ch in payload)


def uint(bits, start, length):
    return int(bits[start:start + length], 2)


def sint(bits, start, length):
    val = uint(bits, start, length)
    return val - (1 << length) if val & (1 << (length - 1)) else val


def decode_position(sentence):
    parts = sentence.split(",")
    if len(parts) < 7 or parts[1] != "1":  # multi-part messages are not positions
        return None
    bits = payload_bits(parts[5])
    if len(bits) < 168 or uint(bits, 0, 6) not in (1, 2, 3):
        return None
    return {
        "mmsi": uint(bits, 8, 30),
        "sog": uint(bits, 50, 10) / 10.0,
        "lon": sint(bits, 61, 28) / 600000.0,
        "lat": sint(bits, 89, 27) / 600000.0,
        "cog": uint(bits, 116, 12) / 10.0,
    }


def read_lines(fd):
    buf = b""
    while True:
        chunk = os.read(fd, 512)
        if not chunk:
            time.sleep(0.1)
            continue
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            yield line.decode("ascii", "replace").strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--out-dir", default=".")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    fd = open_port(args.port)
    day = datetime.now(timezone.utc).strftime("%Y%m%d")
    out_path = os.path.join(args.out_dir, f"ais_{day}.csv")
    with open(out_path, "a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["utc", "mmsi", "lat", "lon", "sog", "cog"])
        if fh.tell() == 0:
            writer.writeheader()
        try:
            for line in read_lines(fd):
                if not line.startswith("!AIVDM"):
                    continue
                pos = decode_position(line)
                if pos:
                    pos["utc"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
                    writer.writerow(pos)
                    fh.flush()
        except KeyboardInterrupt:
            LOG.info("stopped")
        finally:
            os.close(fd)


if __name__ == "__main__":
    main()
