#!/usr/bin/env python3
"""Tune the kernel network buffers for AES67 / RAVENNA audio-over-IP.

The studio's AoIP streams (48 kHz, 1 ms packet time, 8-64 channels) overrun
the default socket buffers on busy hosts, which shows up as clicks in the
air feed. This computes buffer sizes from the stream plan and applies them
live and persistently.

    aes67_network_tuning.py --streams 6 --channels 8 [--check]
"""

import argparse
import logging
import os
import pathlib
import sys

LOG = logging.getLogger("aoip-tune")
PROC_SYS = pathlib.Path("/proc/sys")
PERSIST = pathlib.Path("/etc/sysctl.d/60-aes67-audio.conf")

FLOOR = {
    "net.core.rmem_max": 8 * 1024 * 1024,
    "net.core.wmem_max": 8 * 1024 * 1024,
    "net.core.rmem_default": 1 * 1024 * 1024,
    "net.core.netdev_max_backlog": 5000,
    "net.ipv4.igmp_max_memberships": 64,
}


def key_path(key):
    return PROC_SYS / key.replace(".", "/")


def current(key):
    try:
        return int(key_path(key).read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def plan(streams, channels, sample_rate=48000, bytes_per_sample=3, headroom_ms=200):
    """Return the values we want; never lower than FLOOR."""
    per_second = streams * channels * sample_rate * bytes_per_sample
    # RTP + UDP + IP overhead at 1 ms packet time: ~54 bytes * 1000 packets/s
    per_second += streams * 54 * 1000
    buf = per_second * headroom_ms // 1000
    pkts_per_tick = streams * 10  # 10 ms NAPI budget at 1 ms packets
    wanted = {
        "net.core.rmem_max": buf * 4,
        "net.core.wmem_max": buf * 4,
        "net.core.rmem_default": buf,
        "net.core.netdev_max_backlog": pkts_per_tick * 50,
        "net.ipv4.igmp_max_memberships": streams * 2 + 8,
    }
    return {k: max(v, FLOOR[k]) for k, v in wanted.items()}


def apply_live(values):
    changed = 0
    for key, value in values.items():
        cur = current(key)
        if cur is not None and cur >= value:
            LOG.info("%-34s %12d (already >= %d)", key, cur, value)
            continue
        try:
            key_path(key).write_text(f"{value}\n")
            LOG.info("%-34s %12s -> %d", key, cur, value)
            changed += 1
        except PermissionError:
            LOG.error("%s: permission denied (run as root)", key)
        except OSError as exc:
            LOG.error("%s: %s", key, exc)
    return changed


def persist(values):
    body = ["# AES67 / AoIP buffers - written by aes67_network_tuning.py"]
    body += [f"{k} = {v}" for k, v in sorted(values.items())]
    text = "\n".join(body) + "\n"
    if PERSIST.exists() and PERSIST.read_text() == text:
        return False
    tmp = PERSIST.with_suffix(".tmp")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    tmp.replace(PERSIST)
    LOG.info("persisted to %s", PERSIST)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--streams", type=int, default=4)
    ap.add_argument("--channels", type=int, default=8)
    ap.add_argument("--headroom-ms", type=int, default=200)
    ap.add_argument("--check", action="store_true", help="only compare, change nothing")
    ap.add_argument("--no-persist", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    values = plan(args.streams, args.channels, headroom_ms=args.headroom_ms)
    if args.check:
        short = [k for k, v in values.items() if (current(k) or 0) < v]
        for k in values:
            LOG.info("%-34s have %-10s want %d", k, current(k), values[k])
        return 1 if short else 0

    changed = apply_live(values)
    if not args.no_persist:
        try:
            persist(values)
        except OSError as exc:
            LOG.error("could not write %s: %s", PERSIST, exc)
            return 1
    LOG.info("%d live value(s) changed", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
