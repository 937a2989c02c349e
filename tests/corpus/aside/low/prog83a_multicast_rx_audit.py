#!/usr/bin/env python3
"""Receive-buffer audit for AES67/RTP ad-splice feeds.

The ad-splice inserter receives the network feed over RTP multicast; when the
kernel receive buffer is too small, bursts from the origin get dropped and
spots come out clipped. This tool reads the current kernel limits, checks what
a receiving socket is actually granted, and writes a report (rx_audit.json)
with the values ops should request for the host.
"""

import argparse
import json
import logging
import platform
import socket
import sys
from pathlib import Path

log = logging.getLogger("rx-audit")

PROC_KEYS = {
    "rmem_max": "/proc/sys/net/core/rmem_max",
    "rmem_default": "/proc/sys/net/core/rmem_default",
    "netdev_max_backlog": "/proc/sys/net/core/netdev_max_backlog",
}


def read_proc_limits():
    values = {}
    for key, path in PROC_KEYS.items():
        try:
            values[key] = int(Path(path).read_text().split()[0])
        except (OSError, ValueError, IndexError) as exc:
            log.warning("cannot read %s: %s", path, exc)
            values[key] = None
    return values


def needed_bytes(bitrate_kbps, channels, burst_ms, streams):
    """Bytes of headroom to absorb `burst_ms` of every stream arriving at once."""
    per_stream = bitrate_kbps * 1000 / 8 * channels / 2
    return int(per_stream * burst_ms / 1000 * streams * 2)  # kernel halves it


def probe_granted(requested):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, requested)
        return s.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    finally:
        s.close()


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bitrate", type=int, default=1152, help="kbps per stereo pair")
    ap.add_argument("--channels", type=int, default=2)
    ap.add_argument("--streams", type=int, default=4)
    ap.add_argument("--burst-ms", type=int, default=250)
    ap.add_argument("-o", "--output", default="rx_audit.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    limits = read_proc_limits()
    want = needed_bytes(args.bitrate, args.channels, args.burst_ms, args.streams)
    granted = probe_granted(want)
    ok = granted >= want and (limits["rmem_max"] or 0) >= want // 2

    report = {
        "host": platform.node(),
        "cpu": cpu_model(),
        "kernel": platform.release(),
        "limits": limits,
        "requested_rcvbuf": want,
        "granted_rcvbuf": granted,
        "sufficient": ok,
        "recommend": {"net.core.rmem_max": max(want, limits["rmem_max"] or 0),
                      "net.core.rmem_default": want // 2},
    }
    Path(args.output).write_text(json.dumps(report, indent=2))
    level = logging.INFO if ok else logging.WARNING
    log.log(level, "requested %d, granted %d -> %s", want, granted,
            "ok" if ok else "ask ops to raise net.core.rmem_max")
    return 0 if ok else 3


if __name__ == "__main__":
    sys.exit(main())
