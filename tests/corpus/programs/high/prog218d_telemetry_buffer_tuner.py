#!/usr/bin/env python3
"""Tune kernel UDP buffers for the weather telemetry receiver.

The weather stations burst their 1 Hz readings over UDP and the gateway
drops packets under load.  This reads the current kernel limits, works
out the buffer sizes needed for the configured station count and applies
them with sysctl (falling back to writing /proc/sys directly).
"""
import argparse
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("udp-tune")

KEYS = {
    "net.core.rmem_max": None,
    "net.core.rmem_default": None,
    "net.core.netdev_max_backlog": None,
}

APPLY_TEMPLATE = """set -e
for kv in $TUNE_SETTINGS; do
    key="${kv%%=*}"
    val="${kv#*=}"
    if command -v sysctl >/dev/null 2>&1; then
        sysctl -w "$key=$val"
    else
        echo "$val" > "/proc/sys/$(echo "$key" | tr . /)"
    fi
done
"""


def proc_path(key):
    return "/proc/sys/" + key.replace(".", "/")


def read_current():
    current = {}
    for key in KEYS:
        try:
            with open(proc_path(key)) as fh:
                current[key] = int(fh.read().split()[0])
        except (OSError, ValueError) as exc:
            LOG.warning("cannot read %s: %s", key, exc)
    return current


class BufferPlan:
    def __init__(self, stations, packet_bytes, seconds):
        self.stations = stations
        self.packet_bytes = packet_bytes
        self.seconds = seconds

    def wanted(self):
        burst = self.stations * self.packet_bytes * self.seconds
        rmem = max(4 * 1024 * 1024, burst * 2)
        return {
            "net.core.rmem_max": rmem,
            "net.core.rmem_default": rmem // 2,
            "net.core.netdev_max_backlog": max(5000, self.stations * 50),
        }

    def changes(self, current):
        out = {}
        for key, value in self.wanted().items():
            if current.get(key, 0) < value:
                out[key] = value
        return out


def apply(changes):
    settings = " ".join(f"{k}={v}" for k, v in changes.items())
    env = dict(os.environ, TUNE_SETTINGS=settings)
    LOG.info("applying: %s", settings)
    proc = subprocess.run(["bash", "-c", APPLY_TEMPLATE], env=env,
                          capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        LOG.info("sysctl: %s", line)
    if proc.returncode != 0:
        LOG.error("apply failed: %s", proc.stderr.strip())
    return proc.returncode


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--stations", type=int, default=12)
    p.add_argument("--packet-bytes", type=int, default=1400)
    p.add_argument("--burst-seconds", type=int, default=30)
    p.add_argument("--check", action="store_true", help="only report")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    current = read_current()
    for key, value in sorted(current.items()):
        LOG.info("current %s = %d", key, value)
    plan = BufferPlan(args.stations, args.packet_bytes, args.burst_seconds)
    changes = plan.changes(current)
    if not changes:
        LOG.info("kernel limits already sufficient")
        return 0
    if args.check:
        for key, value in changes.items():
            LOG.info("would set %s = %d", key, value)
        return 0
    if os.geteuid() != 0:
        LOG.error("must run as root to change kernel parameters")
        return 1
    return apply(changes)


if __name__ == "__main__":
    sys.exit(main())
