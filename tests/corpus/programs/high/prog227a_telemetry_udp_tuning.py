#!/usr/bin/env python3
"""Tune kernel UDP receive buffers on the telemetry ingest host.

During storms every buoy switches to 1 Hz reporting and the UDP listener
drops datagrams because the socket receive buffer is too small.  This tool
records the current values into ./state, then raises net.core.rmem_max and
net.core.rmem_default by writing /proc/sys directly and applies the UDP
memory limits with sysctl from a generated shell snippet.  `--revert`
restores the values recorded earlier.  Settings are runtime only.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("udp_tune")

STATE_FILE = Path("./state/udp_tuning_previous.json")
PROC_SYS = Path("/proc/sys")

PROFILES = {
    "normal": {"net.core.rmem_max": 8388608, "net.core.rmem_default": 1048576,
               "net.ipv4.udp_rmem_min": 8192},
    "storm": {"net.core.rmem_max": 33554432, "net.core.rmem_default": 8388608,
              "net.ipv4.udp_rmem_min": 65536},
}

SYSCTL_SNIPPET = """set -e
for kv in $SYSCTL_SETTINGS; do
    sysctl -w "$kv"
done
"""


def proc_path(key: str) -> Path:
    return PROC_SYS / key.replace(".", "/")


def read_value(key: str) -> str:
    return proc_path(key).read_text(encoding="ascii").strip()


def write_value(key: str, value) -> None:
    path = proc_path(key)
    with open(path, "w", encoding="ascii") as fh:
        fh.write(f"{value}\n")
    log.info("%s = %s", key, value)


class Tuner:
    def __init__(self, dry_run: bool):
        self.dry_run = dry_run

    def snapshot(self, keys):
        values = {}
        for key in keys:
            try:
                values[key] = read_value(key)
            except OSError as exc:
                log.warning("cannot read %s: %s", key, exc)
        return values

    def apply(self, settings: dict) -> None:
        direct = {k: v for k, v in settings.items() if k.startswith("net.core.")}
        via_sysctl = {k: v for k, v in settings.items() if k not in direct}
        for key, value in direct.items():
            if self.dry_run:
                log.info("[dry-run] would write %s to %s", value, proc_path(key))
            else:
                write_value(key, value)
        if via_sysctl:
            kv = " ".join(f"{k}={v}" for k, v in via_sysctl.items())
            if self.dry_run:
                log.info("[dry-run] would run sysctl -w %s", kv)
                return
            proc = subprocess.run(["bash", "-c", SYSCTL_SNIPPET],
                                  env=dict(os.environ, SYSCTL_SETTINGS=kv),
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                raise RuntimeError(proc.stderr.strip())
            for line in proc.stdout.splitlines():
                log.info("sysctl: %s", line)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="storm")
    ap.add_argument("--revert", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root to change kernel parameters")
        return 2

    tuner = Tuner(args.dry_run)
    try:
        if args.revert:
            if not STATE_FILE.exists():
                log.error("no saved state in %s", STATE_FILE)
                return 1
            previous = json.loads(STATE_FILE.read_text(encoding="utf-8"))
            tuner.apply(previous)
            log.info("reverted %d settings", len(previous))
            return 0

        settings = PROFILES[args.profile]
        current = tuner.snapshot(settings)
        STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
        if not args.dry_run:
            STATE_FILE.write_text(json.dumps(current, indent=2), encoding="utf-8")
            log.info("saved previous values to %s", STATE_FILE)
        tuner.apply(settings)
    except (OSError, RuntimeError) as exc:
        log.error("tuning failed: %s", exc)
        return 1
    log.info("profile %s applied", args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
