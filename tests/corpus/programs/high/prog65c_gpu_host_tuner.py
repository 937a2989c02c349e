#!/usr/bin/env python3
"""Prepare a rented GPU/CPU host for compute jobs.

Checks hugepages, swappiness, CPU frequency governor and NVIDIA persistence
mode against the marketplace's recommended profile (tuning.json) and applies
whatever differs, so renters get consistent benchmark numbers.
"""
import argparse
import glob
import json
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, List, Optional

log = logging.getLogger("host-tuner")

DEFAULT_PROFILE = {
    "vm.nr_hugepages": 1280,
    "vm.swappiness": 10,
    "kernel.numa_balancing": 0,
    "governor": "performance",
    "gpu_persistence": True,
}


def elevate(cmd: List[str]) -> List[str]:
    return cmd if os.geteuid() == 0 else ["sudo", "-n"] + cmd


@dataclass
class Setting:
    name: str
    want: object
    read: Callable[[], Optional[str]]
    apply: Callable[[object], None]

    def current(self) -> Optional[str]:
        try:
            return self.read()
        except (OSError, subprocess.SubprocessError):
            return None

    def ok(self) -> bool:
        cur = self.current()
        return cur is not None and str(cur).strip().lower() == str(self.want).lower()


def proc_sys_path(key: str) -> Path:
    return Path("/proc/sys") / key.replace(".", "/")


def read_sysctl(key: str) -> Callable[[], str]:
    return lambda: proc_sys_path(key).read_text().strip()


def write_sysctl(key: str) -> Callable[[object], None]:
    def _apply(value: object) -> None:
        path = proc_sys_path(key)
        try:
            path.write_text(f"{value}\n")
        except PermissionError:
            subprocess.run(elevate(["sysctl", "-q", "-w", f"{key}={value}"]), check=True)
    return _apply


def read_governor() -> Optional[str]:
    files = sorted(glob.glob("/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor"))
    values = {Path(f).read_text().strip() for f in files}
    return values.pop() if len(values) == 1 else ",".join(sorted(values)) or None


def write_governor(value: object) -> None:
    files = glob.glob("/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor")
    if not files:
        raise OSError("cpufreq not available")
    tee = subprocess.run(elevate(["tee"] + files), input=f"{value}\n", text=True,
                         stdout=subprocess.DEVNULL, check=False)
    if tee.returncode != 0:
        raise OSError("could not set governor")


def read_persistence() -> Optional[str]:
    if not shutil.which("nvidia-smi"):
        return None
    out = subprocess.run(["nvidia-smi", "--query-gpu=persistence_mode", "--format=csv,noheader"],
                         capture_output=True, text=True, timeout=20, check=True).stdout
    modes = {m.strip() for m in out.splitlines() if m.strip()}
    return "True" if modes == {"Enabled"} else "False"


def write_persistence(value: object) -> None:
    subprocess.run(elevate(["nvidia-smi", "-pm", "1" if value else "0"]), check=True,
                   stdout=subprocess.DEVNULL, timeout=60)


def build_settings(profile: dict) -> List[Setting]:
    settings = [Setting(k, v, read_sysctl(k), write_sysctl(k))
                for k, v in profile.items() if "." in k]
    settings.append(Setting("governor", profile["governor"], read_governor, write_governor))
    settings.append(Setting("gpu_persistence", profile["gpu_persistence"], read_persistence, write_persistence))
    return settings


def persist(settings: List[Setting], dest: Path) -> None:
    lines = ["# written by host-tuner"] + [f"{s.name} = {s.want}" for s in settings if "." in s.name]
    subprocess.run(elevate(["tee", str(dest)]), input="\n".join(lines) + "\n", text=True,
                   stdout=subprocess.DEVNULL, check=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", type=Path, default=Path("tuning.json"))
    ap.add_argument("--check", action="store_true", help="report only, change nothing")
    ap.add_argument("--persist", default="/etc/sysctl.d/60-gpu-rental.conf")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    profile = dict(DEFAULT_PROFILE)
    if args.profile.exists():
        profile.update(json.loads(args.profile.read_text()))

    settings = build_settings(profile)
    failures = 0
    for s in settings:
        cur = s.current()
        if s.ok():
            log.info("%-24s %s (ok)", s.name, cur)
            continue
        log.info("%-24s %s -> %s", s.name, cur, s.want)
        if args.check:
            continue
        try:
            s.apply(s.want)
        except (OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            log.error("could not apply %s: %s", s.name, exc)
            failures += 1

    if not args.check and args.persist:
        try:
            persist(settings, Path(args.persist))
            log.info("persisted sysctl values to %s", args.persist)
        except subprocess.CalledProcessError as exc:
            log.error("persist failed: %s", exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
