#!/usr/bin/env python3
"""Modbus gateway for the kiln controllers.

Polls each kiln's controller over the RS-485 bus and serves the latest
dry-bulb / wet-bulb readings on a local TCP port for the kiln office screen.
Started as root so it can claim the serial device and the low port, then it
switches to the service account given in the config.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import socketserver
import struct
import threading
import time

log = logging.getLogger("kilngw")

CONFIG = {
    "device": "/dev/ttyS1",
    "listen": ("127.0.0.1", 502),
    "kilns": {"K1": 1, "K2": 2, "K3": 3},
    "run_as": "kiln",
    "poll_seconds": 5,
}

READINGS = {}
LOCK = threading.Lock()


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def assume_identity(user):
    """Hand the device to the service account and switch to it."""
    pw = pwd.getpwnam(user)
    dev = CONFIG["device"]
    os.chown(dev, pw.pw_uid, pw.pw_gid)
    os.chmod(dev, 0o660)
    libc = _libc()
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    calls = [("setgroups", (1, groups)),
             ("setresgid", (pw.pw_gid, pw.pw_gid, pw.pw_gid)),
             ("setresuid", (pw.pw_uid, pw.pw_uid, pw.pw_uid))]
    for name, argv in calls:
        if getattr(libc, name)(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    log.info("now running as %s (%d)", user, os.getuid())


def crc16(data: bytes) -> int:
    crc = 0xFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


def read_temps(fh, unit):
    frame = struct.pack(">BBHH", unit, 3, 0x0000, 2)
    frame += struct.pack("<H", crc16(frame))
    fh.write(frame)
    reply = fh.read(9)
    if len(reply) < 9 or crc16(reply[:-2]) != struct.unpack("<H", reply[-2:])[0]:
        raise IOError(f"bad reply from unit {unit}")
    dry, wet = struct.unpack(">HH", reply[3:7])
    return dry / 10.0, wet / 10.0


def poll_loop(fh):
    while True:
        for name, unit in CONFIG["kilns"].items():
            try:
                dry, wet = read_temps(fh, unit)
                with LOCK:
                    READINGS[name] = {"dry": dry, "wet": wet, "t": time.time()}
            except IOError as exc:
                log.warning("%s: %s", name, exc)
        time.sleep(CONFIG["poll_seconds"])


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        with LOCK:
            body = json.dumps(READINGS).encode()
        self.wfile.write(body + b"\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if args.config:
        with open(args.config) as fh:
            CONFIG.update(json.load(fh))

    server = socketserver.ThreadingTCPServer(tuple(CONFIG["listen"]), Handler)
    bus = open(CONFIG["device"], "r+b", buffering=0)
    if os.geteuid() == 0:
        assume_identity(CONFIG["run_as"])
    threading.Thread(target=poll_loop, args=(bus,), daemon=True).start()
    log.info("serving on %s:%d", *CONFIG["listen"])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
