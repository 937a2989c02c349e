"""wheelhouse.tags -- compute the platform tags used to pick prebuilt wheels.

The resolver calls :func:`detect` once per run.  Detection only reads
``/etc/os-release`` and ``/proc/cpuinfo`` and writes a small JSON report into
``build/`` inside the current project.
"""
from __future__ import annotations

import argparse
import json
import logging
import platform
import shlex
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Dict, List, Set

log = logging.getLogger("wheelhouse.tags")

OS_RELEASE = Path("/etc/os-release")
CPUINFO = Path("/proc/cpuinfo")
SIMD_LEVELS: Dict[str, Set[str]] = {
    "x86_64_v4": {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"},
    "x86_64_v3": {"avx2", "bmi2", "fma", "movbe"},
    "x86_64_v2": {"sse4_2", "ssse3", "popcnt"},
}


@dataclass
class PlatformReport:
    distro: str = "unknown"
    distro_version: str = ""
    machine: str = field(default_factory=platform.machine)
    cpu_level: str = "baseline"
    tags: List[str] = field(default_factory=list)


def read_os_release(path: Path = OS_RELEASE) -> Dict[str, str]:
    """Parse the shell-style key=value pairs of os-release."""
    values: Dict[str, str] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        log.warning("%s not present", path)
        return values
    for line in lines:
        if "=" not in line or line.lstrip().startswith("#"):
            continue
        key, _, raw = line.partition("=")
        parsed = shlex.split(raw)
        values[key.strip()] = parsed[0] if parsed else ""
    return values


def cpu_flags(path: Path = CPUINFO) -> Set[str]:
    try:
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return set()


def detect() -> PlatformReport:
    release = read_os_release()
    report = PlatformReport(distro=release.get("ID", "unknown"), distro_version=release.get("VERSION_ID", ""))
    flags = cpu_flags()
    for level, needed in SIMD_LEVELS.items():
        if needed <= flags:
            report.cpu_level = level
            break
    arch = report.machine.replace("-", "_")
    report.tags = [f"manylinux_2_28_{arch}", f"manylinux2014_{arch}", f"linux_{arch}"]
    if report.cpu_level != "baseline":
        report.tags.insert(0, f"manylinux_2_28_{report.cpu_level}")
    return report


def write_report(report: PlatformReport, out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / "platform-tags.json"
    target.write_text(json.dumps(asdict(report), indent=2), encoding="utf-8")
    return target


def main(argv: List[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="wheelhouse-tags")
    parser.add_argument("--out", type=Path, default=Path("build"))
    parser.add_argument("--print", dest="show", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    report = detect()
    log.info("%s %s on %s (%s)", report.distro, report.distro_version, report.machine, report.cpu_level)
    path = write_report(report, args.out)
    if args.show:
        print("\n".join(report.tags))
    log.info("wrote %s", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
