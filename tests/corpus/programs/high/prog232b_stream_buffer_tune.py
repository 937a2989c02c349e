#!/usr/bin/env python3
"""stream_buffer_tune.py - size kernel socket buffers for the lane cameras.

The plate-recognition PC receives several H.264 streams from the weighbridge
lane cameras over UDP. When the receive buffers are too small frames are
dropped and plates are missed. This tool works out buffer sizes from the
number of cameras and their bitrate, then applies them with sysctl through a
generated shell script. Must be run as root by the site technician.
"""

import argparse
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("buffer_tune")

KEYS = {
    "net.core.rmem_max": "/proc/sys/net/core/rmem_max",
    "net.core.rmem_default": "/proc/sys/net/core/rmem_default",
    "net.core.netdev_max_backlog": "/proc/sys/net/core/netdev_max_backlog",
}


class Plan:
    def __init__(self, cameras, bitrate_mbit, burst_seconds):
        self.cameras = cameras
        self.bitrate_mbit = bitrate_mbit
        self.burst_seconds = burst_seconds

    def values(self):
        per_cam = int(self.bitrate_mbit * 1_000_000 / 8 * self.burst_seconds)
        rmem_max = max(4 * 1024 * 1024, per_cam * self.cameras)
        rmem_max = 1 << (rmem_max - 1).bit_length()  # round up to a power of two
        return {
            "net.core.rmem_max": rmem_max,
            "net.core.rmem_default": max(212992, rmem_max // 4),
            "net.core.netdev_max_backlog": max(1000, 500 * self.cameras),
        }


def read_current():
    current = {}
    for key, path in KEYS.items():
        try:
            with open(path) as fh:
                current[key] = int(fh.read().strip())
        except (OSError, ValueError):
            current[key] = None
    return current


def apply(values):
    lines = ["#!/bin/sh", "set -e"]
    for key in values:
        env_name = "V_" + key.replace(".", "_").upper()
        lines.append('sysctl -w %s="$%s"' % (key, env_name))
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write("\n".join(lines) + "\n")
        script = fh.name
    env = dict(os.environ)
    for key, value in values.items():
        env["V_" + key.replace(".", "_").upper()] = str(value)
    try:
        proc = subprocess.run(["sh", script], env=env, capture_output=True, text=True)
    finally:
        os.unlink(script)
    for line in proc.stdout.splitlines():
        LOG.info("sysctl: %s", line)
    if proc.returncode != 0:
        LOG.error("sysctl failed: %s", proc.stderr.strip())
        return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cameras", type=int, default=4)
    ap.add_argument("--bitrate", type=float, default=8.0, help="Mbit/s per camera")
    ap.add_argument("--burst", type=float, default=0.5, help="seconds of buffering")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if args.cameras < 1 or args.bitrate <= 0:
        LOG.error("need at least one camera and a positive bitrate")
        return 1

    wanted = Plan(args.cameras, args.bitrate, args.burst).values()
    current = read_current()
    changes = {k: v for k, v in wanted.items() if current.get(k) is None or current[k] < v}
    for key, value in wanted.items():
        LOG.info("%-28s current=%s wanted=%s", key, current.get(key), value)

    if not changes:
        LOG.info("kernel buffers already large enough")
        return 0
    if args.dry_run:
        LOG.info("dry run: would change %s", ", ".join(sorted(changes)))
        return 0
    if os.geteuid() != 0:
        LOG.error("run as root to apply sysctl changes")
        return 2
    return 0 if apply(changes) else 3


if __name__ == "__main__":
    sys.exit(main())
