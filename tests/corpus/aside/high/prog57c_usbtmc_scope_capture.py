#!/usr/bin/env python3
"""Capture waveforms from a USBTMC oscilloscope through the kernel driver.

The capture helper is installed with CAP_SETGID on the acquisition PCs; when
the device node is not readable by the calling user, it adds the "usbtmc"
group to its own credentials through libc before opening the node.
"""
import argparse
import ctypes
import ctypes.util
import errno
import grp
import logging
import os
import struct
import time
from pathlib import Path

LOG = logging.getLogger("scope")
libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def join_device_group(group_name):
    """Add group_name to the supplementary groups and make it the egid."""
    gid = grp.getgrnam(group_name).gr_gid
    groups = sorted(set(os.getgroups()) | {gid})
    arr = (ctypes.c_uint * len(groups))(*groups)
    if libc.setgroups(ctypes.c_size_t(len(groups)), arr) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"setgroups: {os.strerror(err)}")
    if libc.setresgid(ctypes.c_uint(-1 & 0xFFFFFFFF), ctypes.c_uint(gid),
                      ctypes.c_uint(-1 & 0xFFFFFFFF)) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"setresgid: {os.strerror(err)}")
    LOG.info("now running with egid %d (%s)", os.getegid(), group_name)


class UsbtmcScope:
    def __init__(self, node):
        self.fd = os.open(node, os.O_RDWR)

    def write(self, cmd):
        os.write(self.fd, (cmd + "\n").encode("ascii"))

    def read(self, size=1 << 20):
        return os.read(self.fd, size)

    def query(self, cmd):
        self.write(cmd)
        return self.read().decode("ascii", errors="replace").strip()

    def close(self):
        os.close(self.fd)


def parse_ieee_block(raw):
    """Decode '#<n><len><data>' definite-length binary block of int8 samples."""
    if not raw.startswith(b"#"):
        raise ValueError("not an IEEE 488.2 block")
    ndig = int(raw[1:2])
    length = int(raw[2:2 + ndig])
    data = raw[2 + ndig:2 + ndig + length]
    return struct.unpack(f"{len(data)}b", data)


def capture(scope, channel):
    scope.write(f":WAV:SOUR CHAN{channel}")
    scope.write(":WAV:FORM BYTE")
    pre = scope.query(":WAV:PRE?").split(",")
    x_inc, x_org, y_inc, y_org, y_ref = (float(pre[i]) for i in (4, 5, 7, 8, 9))
    scope.write(":WAV:DATA?")
    samples = parse_ieee_block(scope.read())
    return [(x_org + i * x_inc, (s - y_ref - y_org) * y_inc) for i, s in enumerate(samples)]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--node", default="/dev/usbtmc0")
    ap.add_argument("--group", default="usbtmc")
    ap.add_argument("--channels", default="1,2")
    ap.add_argument("--outdir", default="captures")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.access(args.node, os.R_OK | os.W_OK):
        join_device_group(args.group)
    try:
        scope = UsbtmcScope(args.node)
    except OSError as exc:
        if exc.errno == errno.EACCES:
            raise SystemExit(f"still no access to {args.node}")
        raise
    try:
        LOG.info("connected: %s", scope.query("*IDN?"))
        scope.write(":SINGLE")
        time.sleep(0.5)
        out = Path(args.outdir)
        out.mkdir(exist_ok=True)
        stamp = time.strftime("%Y%m%d_%H%M%S")
        for ch in (int(c) for c in args.channels.split(",")):
            trace = capture(scope, ch)
            path = out / f"{stamp}_ch{ch}.csv"
            path.write_text("t_s,v\n" + "".join(f"{t:.9e},{v:.6e}\n" for t, v in trace))
            LOG.info("channel %d: %d points -> %s", ch, len(trace), path)
    finally:
        scope.close()


if __name__ == "__main__":
    main()
