#!/usr/bin/env python3
"""Check a rented GPU/CPU host against the marketplace tuning profile.

Compares hugepages, swappiness, CPU frequency governor and NVIDIA persistence
mode against the recommended profile (tuning.json) and writes a report the
host owner can attach to their listing. Nothing on the host is changed.
"""
import argparse
import glob
import json
import logging
import shutil
import subprocess
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, List, Optional

log = logging.getLogger("host-tuning-report")

DEFAULT_PROFILE = {
    "vm.nr_hugepages": 1280,
    "vm.swappiness": 10,
    "kernel.numa_balancing": 0,
    "governor": "performance",
    "gpu_persistence": True,
}


@dataclass
class Setting:
    name: str
    want: object
    read: Callable[[], Optional[str]]
    hint: str

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


def read_governor() -> Optional[str]:
    files = sorted(glob.glob("/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor"))
    values = {Path(f).read_text().strip() for f in files}
    return values.pop() if len(values) == 1 else ",".join(sorted(values)) or None


def read_persistence() -> Optional[str]:
    if not shutil.which("nvidia-smi"):
        return None
    out = subprocess.run(["nvidia-smi", "--query-gpu=persistence_mode", "--format=csv,noheader"],
                         capture_output=True, text=True, timeout=20, check=True).stdout
    modes = {m.strip() for m in out.splitlines() if m.strip()}
    return "True" if modes == {"Enabled"} else "False"


def gpu_inventory() -> List[dict]:
    if not shutil.which("nvidia-smi"):
        return []
    fields = "name,memory.total,driver_version,power.limit"
    out = subprocess.run(["nvidia-smi", f"--query-gpu={fields}", "--format=csv,noheader,nounits"],
                         capture_output=True, text=True, timeout=20).stdout
    rows = []
    for line in out.splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) == 4:
            rows.append(dict(zip(fields.split(","), parts)))
    return rows


def build_settings(profile: dict) -> List[Setting]:
    settings = [Setting(k, v, read_sysctl(k), f"sysctl -w {k}={v}")
                for k, v in profile.items() if "." in k]
    settings.append(Setting("governor", profile["governor"], read_governor,
                            f"cpupower frequency-set -g {profile['governor']}"))
    settings.append(Setting("gpu_persistence", profile["gpu_persistence"], read_persistence,
                            "nvidia-smi -pm 1"))
    return settings


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", type=Path, default=Path("tuning.json"))
    ap.add_argument("--out", type=Path, default=Path("tuning_report.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    profile = dict(DEFAULT_PROFILE)
    if args.profile.exists():
        profile.update(json.loads(args.profile.read_text()))

    results = []
    for s in build_settings(profile):
        cur, ok = s.current(), s.ok()
        log.info("%-24s %-14s %s", s.name, cur, "ok" if ok else f"want {s.want}")
        results.append({"setting": s.name, "current": cur, "recommended": s.want,
                        "ok": ok, "fix": None if ok else s.hint})

    report = {
        "generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "gpus": gpu_inventory(),
        "checks": results,
        "score": sum(r["ok"] for r in results) / max(1, len(results)),
    }
    args.out.write_text(json.dumps(report, indent=2))
    log.info("report written to %s (score %.0f%%)", args.out, report["score"] * 100)
    return 0 if report["score"] == 1 else 3


if __name__ == "__main__":
    sys.exit(main())
