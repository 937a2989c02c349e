#!/usr/bin/env python3
"""Serial bridge for legacy barrier-mounted plate readers.

Older exit lanes have plate readers that only speak RS-232 (9600 8N1,
"$PLT,<lane>,<vrm>,<conf>*CS" sentences). This bridge reads them through USB
serial adapters and forwards each read to the lane controller's HTTP API.
"""
import argparse
import glob
import grp
import logging
import os
import stat
import sys
import time

import requests
import serial

log = logging.getLogger("plate-serial")

LANE_API = os.environ.get("LANE_API", "http://127.0.0.1:8090/api/reads")
DEVICE_GLOB = "/dev/ttyUSB*"
DEVICE_GROUP = "dialout"


def nmea_checksum(body):
    cs = 0
    for ch in body:
        cs ^= ord(ch)
    return "{:02X}".format(cs)


def parse_sentence(line):
    line = line.strip()
    if not line.startswith("$PLT,") or "*" not in line:
        return None
    body, cs = line[1:].rsplit("*", 1)
    if nmea_checksum(body) != cs.upper():
        log.debug("bad checksum: %s", line)
        return None
    _, lane, vrm, conf = body.split(",")
    return {"lane": lane, "vrm": vrm.upper(), "confidence": float(conf) / 100.0}


def prepare_device(path, group=DEVICE_GROUP):
    """Make sure the adapter node is usable by the bridge's group."""
    gid = grp.getgrnam(group).gr_gid
    st = os.stat(path)
    if st.st_gid != gid:
        os.chown(path, -1, gid)
    wanted = stat.S_IFMT(st.st_mode) | 0o660
    if st.st_mode != wanted:
        os.chmod(path, 0o660)
    return path


def discover(explicit):
    devices = explicit or sorted(glob.glob(DEVICE_GLOB))
    ready = []
    for dev in devices:
        try:
            ready.append(prepare_device(dev))
        except (OSError, KeyError) as exc:
            log.warning("skipping %s: %s", dev, exc)
    return ready


def forward(session, read):
    for attempt in range(3):
        try:
            r = session.post(LANE_API, json=read, timeout=3)
            r.raise_for_status()
            return True
        except requests.RequestException as exc:
            log.warning("lane API attempt %d: %s", attempt + 1, exc)
            time.sleep(0.5 * (attempt + 1))
    return False


def bridge(devices, baud):
    ports = {}
    for dev in devices:
        ports[dev] = serial.Serial(dev, baudrate=baud, timeout=0.2)
        log.info("listening on %s @ %d", dev, baud)
    session = requests.Session()
    buffers = {dev: "" for dev in ports}
    while True:
        for dev, port in ports.items():
            chunk = port.read(256).decode("ascii", "ignore")
            if not chunk:
                continue
            buffers[dev] += chunk
            while "\n" in buffers[dev]:
                line, buffers[dev] = buffers[dev].split("\n", 1)
                read = parse_sentence(line)
                if read:
                    read["source"] = os.path.basename(dev)
                    if not forward(session, read):
                        log.error("dropped read %s on lane %s", read["vrm"], read["lane"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("devices", nargs="*", help="serial devices (default: all ttyUSB)")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    devices = discover(args.devices)
    if not devices:
        log.error("no usable serial adapters")
        return 1
    try:
        bridge(devices, args.baud)
    except KeyboardInterrupt:
        return 0
    except serial.SerialException as exc:
        log.error("serial failure: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
