#!/usr/bin/env python3
"""Receive-buffer tuning for AES67/RTP ad-splice feeds.

The ad-splice inserter receives the network feed over RTP multicast; when the
kernel receive buffer is too small, bursts from the origin get dropped and
spots come out clipped. This tool computes the headroom the configured
streams need, raises the kernel limits to match, and verifies a receiving
socket is granted the new size. Results go to rx_tuning.json.
"""

import argparse
import json
import logging
import platform
import socket
import sys
from pathlib import Path

log = logging.getLogger("rx-tune")

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
    per_stream = bitrate_kbps * 1000 / 8 * channels / 2
    return int(per_stream * burst_ms / 1000 * streams * 2)


class KernelKnobs:
    def __init__(self, current):
        self.current = current
        self.changed = {}

    def raise_to(self, key, value):
        old = self.current.get(key) or 0
        if old >= value:
            log.info("%s already %d (>= %d)", key, old, value)
            return
        target = Path(PROC_KEYS[key])
        try:
            with target.open("w") as fh:
                fh.write(f"{value}\n")
            self.changed[key] = (old, value)
            log.info("%s: %d -> %d", key, old, value)
        except PermissionError:
            log.error("not permitted to write %s; run from the station provisioning account", target)


def probe_granted(requested):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, requested)
        return s.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    finally:
        s.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bitrate", type=int, default=1152, help="kbps per stereo pair")
    ap.add_argument("--channels", type=int, default=2)
    ap.add_argument("--streams", type=int, default=4)
    ap.add_argument("--burst-ms", type=int, default=250)
    ap.add_argument("--backlog", type=int, default=5000)
    ap.add_argument("-o", "--output", default="rx_tuning.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    limits = read_proc_limits()
    want = needed_bytes(args.bitrate, args.channels, args.burst_ms, args.streams)

    knobs = KernelKnobs(limits)
    knobs.raise_to("rmem_max", want)
    knobs.raise_to("rmem_default", want // 2)
    knobs.raise_to("netdev_max_backlog", args.backlog)

    granted = probe_granted(want)
    ok = granted >= want
    report = {
        "host": platform.node(),
        "kernel": platform.release(),
        "before": limits,
        "changed": {k: list(v) for k, v in knobs.changed.items()},
        "requested_rcvbuf": want,
        "granted_rcvbuf": granted,
        "sufficient": ok,
    }
    Path(args.output).write_text(json.dumps(report, indent=2))
    log.info("requested %d, granted %d", want, granted)
    return 0 if ok else 3


if __name__ == "__main__":
    sys.exit(main())
