#!/usr/bin/env python3
"""Size the kernel UDP receive buffers for the live telemetry receiver.

At 1 kHz across ~1800 channels the car's radio stream bursts badly when the
link recovers; with the default rmem_max the receiver drops packets.  This
reads the current limits, works out what the configured stream needs and
applies the new values with sysctl.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("udp_tune")

PROC_SYS = "/proc/sys"
KEYS = [
    "net.core.rmem_max",
    "net.core.rmem_default",
    "net.core.netdev_max_backlog",
]

APPLY_SCRIPT = """#!/bin/bash
set -e
sysctl -w net.core.rmem_max="$TUNE_RMEM_MAX"
sysctl -w net.core.rmem_default="$TUNE_RMEM_DEFAULT"
sysctl -w net.core.netdev_max_backlog="$TUNE_BACKLOG"
"""


def read_key(key):
    path = os.path.join(PROC_SYS, *key.split("."))
    try:
        with open(path) as fh:
            return int(fh.read().split()[0])
    except (OSError, ValueError, IndexError) as exc:
        LOG.warning("cannot read %s: %s", key, exc)
        return None


class StreamProfile:
    def __init__(self, channels, rate_hz, bytes_per_sample, burst_seconds):
        self.channels = channels
        self.rate_hz = rate_hz
        self.bytes_per_sample = bytes_per_sample
        self.burst_seconds = burst_seconds

    @property
    def bytes_per_second(self):
        return self.channels * self.rate_hz * self.bytes_per_sample

    def required_buffer(self):
        need = int(self.bytes_per_second * self.burst_seconds * 1.5)
        size = 1 << 20
        while size < need:
            size <<= 1
        return min(size, 1 << 29)

    def required_backlog(self):
        packets = self.bytes_per_second * self.burst_seconds / 1400
        return max(5000, int(packets))


def plan(profile):
    current = {k: read_key(k) for k in KEYS}
    target = {
        "net.core.rmem_max": profile.required_buffer(),
        "net.core.rmem_default": profile.required_buffer() // 4,
        "net.core.netdev_max_backlog": profile.required_backlog(),
    }
    changes = {}
    for key, value in target.items():
        cur = current.get(key)
        LOG.info("%-30s current=%-12s target=%s", key, cur, value)
        if cur is None or cur < value:
            changes[key] = value
    return target, changes


def apply(target, dry_run):
    env = dict(os.environ)
    env["TUNE_RMEM_MAX"] = str(target["net.core.rmem_max"])
    env["TUNE_RMEM_DEFAULT"] = str(target["net.core.rmem_default"])
    env["TUNE_BACKLOG"] = str(target["net.core.netdev_max_backlog"])
    if dry_run:
        LOG.info("dry run, would apply: %s", {k: env[k] for k in env if k.startswith("TUNE_")})
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(APPLY_SCRIPT)
        script = fh.name
    try:
        cmd = ["bash", script] if os.geteuid() == 0 else ["sudo", "--preserve-env=TUNE_RMEM_MAX,TUNE_RMEM_DEFAULT,TUNE_BACKLOG", "bash", script]
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            LOG.error("sysctl failed: %s", proc.stderr.strip())
        else:
            LOG.info(proc.stdout.strip())
        return proc.returncode
    finally:
        os.unlink(script)


def main():
    ap = argparse.ArgumentParser(description="Tune UDP buffers for live telemetry")
    ap.add_argument("--channels", type=int, default=1800)
    ap.add_argument("--rate", type=int, default=1000, help="samples per second per channel")
    ap.add_argument("--sample-bytes", type=int, default=4)
    ap.add_argument("--burst", type=float, default=2.0, help="seconds of backlog to absorb")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.channels <= 0 or args.rate <= 0:
        LOG.error("channels and rate must be positive")
        return 2
    profile = StreamProfile(args.channels, args.rate, args.sample_bytes, args.burst)
    LOG.info("stream needs %.1f MB/s", profile.bytes_per_second / 1e6)
    target, changes = plan(profile)
    if not changes:
        LOG.info("kernel limits already sufficient")
        return 0
    return apply(target, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
