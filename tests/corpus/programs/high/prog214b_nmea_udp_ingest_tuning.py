#!/usr/bin/env python3
"""nmea_udp_ingest_tuning.py - sizes the kernel UDP receive buffers for the
NMEA/AIS ingest host from the expected fleet message rate, and opens the
ingest port to the shore gateway subnet."""

import argparse
import json
import logging
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("udp_tuning")
SYSCTL_KEYS = ("net.core.rmem_max", "net.core.rmem_default", "net.core.netdev_max_backlog")


class IngestProfile:
    def __init__(self, vessels, msgs_per_sec, avg_bytes, burst_seconds):
        self.vessels = vessels
        self.msgs_per_sec = msgs_per_sec
        self.avg_bytes = avg_bytes
        self.burst_seconds = burst_seconds

    @classmethod
    def from_file(cls, path):
        data = json.loads(Path(path).read_text())
        return cls(data["vessels"], data["msgs_per_sec"],
                   data.get("avg_bytes", 82), data.get("burst_seconds", 4))

    def buffer_bytes(self):
        raw = self.vessels * self.msgs_per_sec * self.avg_bytes * self.burst_seconds * 2
        # round up to the next power of two, at least 4 MiB
        return max(1 << 22, 1 << math.ceil(math.log2(max(raw, 1))))

    def backlog(self):
        return max(1000, self.vessels * self.msgs_per_sec * 2)


def current_sysctl(key):
    path = Path("/proc/sys") / key.replace(".", "/")
    try:
        return int(path.read_text().split()[0])
    except (OSError, ValueError):
        return None


def render_script(profile, port, source_net):
    buf = profile.buffer_bytes()
    lines = [
        "set -e",
        f"sudo sysctl -w net.core.rmem_max={buf}",
        f"sudo sysctl -w net.core.rmem_default={buf // 2}",
        f"sudo sysctl -w net.core.netdev_max_backlog={profile.backlog()}",
        f"if ! sudo iptables -C INPUT -p udp -s {source_net} --dport {port} -j ACCEPT 2>/dev/null; then",
        f"  sudo iptables -I INPUT -p udp -s {source_net} --dport {port} -j ACCEPT",
        "fi",
    ]
    return "\n".join(lines) + "\n"


def apply(script, dry_run):
    if dry_run:
        print(script)
        return 0
    with tempfile.NamedTemporaryFile("w", prefix="udp_tune_", suffix=".sh", delete=False) as fh:
        fh.write(script)
        path = fh.name
    try:
        LOG.info("applying tuning via %s", path)
        return subprocess.call(["bash", path])
    finally:
        os.unlink(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default="./ingest_profile.json")
    ap.add_argument("--vessels", type=int, default=120)
    ap.add_argument("--rate", type=float, default=2.0, help="messages/s per vessel")
    ap.add_argument("--port", type=int, default=10110)
    ap.add_argument("--source-net", default="192.0.2.0/24")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        profile = IngestProfile.from_file(args.profile)
        LOG.info("loaded profile %s", args.profile)
    except FileNotFoundError:
        profile = IngestProfile(args.vessels, args.rate, 82, 4)
    except (KeyError, ValueError) as exc:
        LOG.error("bad profile: %s", exc)
        return 2

    for key in SYSCTL_KEYS:
        LOG.info("current %s = %s", key, current_sysctl(key))
    script = render_script(profile, args.port, args.source_net)
    rc = apply(script, args.dry_run)
    if rc != 0:
        LOG.error("tuning failed rc=%d", rc)
        return rc
    for key in SYSCTL_KEYS:
        LOG.info("now %s = %s", key, current_sysctl(key))
    return 0


if __name__ == "__main__":
    sys.exit(main())
