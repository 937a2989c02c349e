#!/usr/bin/env python3
"""Show the CPU model and switch every cpufreq policy to a chosen governor."""
import argparse
import glob
import logging
import os
import sys

CPUFREQ_ROOT = "/sys/devices/system/cpu/cpufreq"
log = logging.getLogger("governor")


def cpu_model() -> str:
    with open("/proc/cpuinfo") as fh:
        for line in fh:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return "unknown CPU"


def policies():
    return sorted(glob.glob(os.path.join(CPUFREQ_ROOT, "policy*")))


def read_attr(policy: str, name: str) -> str:
    with open(os.path.join(policy, name)) as fh:
        return fh.read().strip()


def set_governor(policy: str, governor: str) -> None:
    available = read_attr(policy, "scaling_available_governors").split()
    if governor not in available:
        raise ValueError(f"{governor} not in {available}")
    with open(os.path.join(policy, "scaling_governor"), "w") as fh:
        fh.write(governor)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("governor", nargs="?", help="e.g. performance, powersave, schedutil")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    log.info("CPU: %s", cpu_model())
    for pol in policies():
        before = read_attr(pol, "scaling_governor")
        if args.governor and args.governor != before:
            try:
                set_governor(pol, args.governor)
            except (OSError, ValueError) as exc:
                log.error("%s: %s", os.path.basename(pol), exc)
                continue
        log.info("%s: %s -> %s", os.path.basename(pol), before,
                 read_attr(pol, "scaling_governor"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
