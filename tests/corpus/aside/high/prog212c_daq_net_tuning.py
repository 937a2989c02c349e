#!/usr/bin/env python3
"""daq_net_tuning.py -- size kernel network buffers for the DAQ link.

The digitiser streams UDP at up to several Gbit/s to the readout PC. With the
distribution's default socket buffers the kernel drops packets under load.
This computes buffer sizes from the link rate and the worst-case stall the
readout can tolerate, then applies them to the running kernel (they reset at
reboot; nothing is written to /etc).

Usage:
    daq_net_tuning.py [--rate-gbps R] [--stall-ms MS] [--dry-run] [--show]
"""

import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("daq_net_tuning")

KEYS = {
    "net.core.rmem_max": "rmem",
    "net.core.rmem_default": "rmem",
    "net.core.netdev_max_backlog": "backlog",
    "net.ipv4.udp_rmem_min": "udp_min",
}


class Plan:
    def __init__(self, rate_gbps: float, stall_ms: float, mtu: int):
        self.rate_gbps = rate_gbps
        self.stall_ms = stall_ms
        self.mtu = mtu

    def values(self) -> dict:
        bytes_per_ms = self.rate_gbps * 1e9 / 8 / 1000
        rmem = int(bytes_per_ms * self.stall_ms * 2)          # 2x headroom
        rmem = max(rmem, 8 * 1024 * 1024)
        rmem = 1 << (rmem - 1).bit_length()                   # round up to 2^n
        backlog = max(5000, int(bytes_per_ms * self.stall_ms / self.mtu))
        return {"rmem": rmem, "backlog": backlog, "udp_min": 16384}

    def settings(self) -> dict:
        vals = self.values()
        return {key: vals[kind] for key, kind in KEYS.items()}


def current(key: str) -> str:
    path = Path("/proc/sys") / key.replace(".", "/")
    try:
        return path.read_text().strip()
    except OSError:
        return "?"


def render_script(settings: dict) -> str:
    lines = ["#!/bin/bash", "set -e"]
    for key, value in settings.items():
        if key == "net.core.netdev_max_backlog":
            # written directly so it also works where sysctl(8) is missing
            proc_path = "/proc/sys/" + key.replace(".", "/")
            lines.append(f"echo {value} | sudo tee {proc_path} >/dev/null")
        else:
            lines.append(f"sudo sysctl -q -w {key}={value}")
    lines.append('echo "applied $(date +%F\\ %T)"')
    return "\n".join(lines) + "\n"


def apply(settings: dict, workdir: Path) -> int:
    script = workdir / "daq_sysctl_apply.sh"
    script.write_text(render_script(settings))
    os.chmod(script, 0o700)
    log.info("apply script written to %s", script)
    proc = subprocess.run(["bash", str(script)], capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("applying settings failed: %s", proc.stderr.strip())
    else:
        log.info(proc.stdout.strip())
    return proc.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Tune kernel buffers for the DAQ link")
    ap.add_argument("--rate-gbps", type=float, default=10.0)
    ap.add_argument("--stall-ms", type=float, default=50.0)
    ap.add_argument("--mtu", type=int, default=9000)
    ap.add_argument("--dry-run", action="store_true", help="only show the plan")
    ap.add_argument("--show", action="store_true", help="show current vs planned")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.rate_gbps <= 0 or args.stall_ms <= 0:
        log.error("rate and stall must be positive")
        return 2

    plan = Plan(args.rate_gbps, args.stall_ms, args.mtu)
    settings = plan.settings()

    if args.show or args.dry_run:
        print(f"{'key':32} {'current':>12} {'planned':>12}")
        for key, value in settings.items():
            print(f"{key:32} {current(key):>12} {value:>12}")

    if args.dry_run:
        return 0
    return apply(settings, Path.cwd())


if __name__ == "__main__":
    sys.exit(main())
