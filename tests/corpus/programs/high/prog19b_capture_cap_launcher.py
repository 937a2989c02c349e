#!/usr/bin/env python3
"""Launch a packet capture with CAP_NET_RAW as an ambient capability.

The launcher is installed with file capabilities (cap_net_raw,cap_net_admin+p).
It raises those capabilities into the ambient set through prctl(2) so that
the child tcpdump process inherits them without needing full root.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import subprocess
import sys
from datetime import datetime

log = logging.getLogger("cap-launcher")

PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_RAISE = 2
PR_CAP_AMBIENT_IS_SET = 1
CAP_NET_ADMIN = 12
CAP_NET_RAW = 13

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
_libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong,
                        ctypes.c_ulong, ctypes.c_ulong]
_libc.prctl.restype = ctypes.c_int


class CapabilityError(RuntimeError):
    pass


def raise_ambient(cap):
    """Add one capability to the ambient set of this process."""
    rc = _libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0)
    if rc != 0:
        err = ctypes.get_errno()
        raise CapabilityError(f"prctl raise cap {cap} failed: {os.strerror(err)}")
    log.debug("ambient capability %d raised", cap)


def is_ambient(cap):
    return _libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, cap, 0, 0) == 1


def build_command(interface, count, bpf_filter, outfile):
    cmd = ["tcpdump", "-i", interface, "-c", str(count), "-w", outfile]
    if bpf_filter:
        cmd.extend(bpf_filter.split())
    return cmd


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("interface")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--filter", default="", help="BPF filter expression")
    parser.add_argument("--promisc", action="store_true",
                        help="also raise CAP_NET_ADMIN for promiscuous mode")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    caps = [CAP_NET_RAW]
    if args.promisc:
        caps.append(CAP_NET_ADMIN)
    try:
        for cap in caps:
            if not is_ambient(cap):
                raise_ambient(cap)
    except CapabilityError as exc:
        log.error("%s (is the launcher installed with setcap?)", exc)
        return 1

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    outfile = f"capture-{args.interface}-{stamp}.pcap"
    cmd = build_command(args.interface, args.count, args.filter, outfile)
    log.info("starting %s", " ".join(cmd))
    try:
        return subprocess.call(cmd)
    except FileNotFoundError:
        log.error("tcpdump is not installed")
        return 127


if __name__ == "__main__":
    sys.exit(main())
