#!/usr/bin/env python3
"""Report whether this machine is ready to run KVM guests.

Read-only checks: CPU virtualisation flags from /proc/cpuinfo, distro from
/etc/os-release, memory from /proc/meminfo, presence/permissions of
/dev/kvm and the nested-virtualisation parameter of the loaded module.
Writes kvm-readiness.json in the current directory.
"""
import argparse
import json
import logging
import os
import platform
import sys
from pathlib import Path

logger = logging.getLogger("kvm-ready")

VENDOR_FLAGS = {"vmx": "intel", "svm": "amd"}
NESTED_PARAM = {
    "intel": Path("/sys/module/kvm_intel/parameters/nested"),
    "amd": Path("/sys/module/kvm_amd/parameters/nested"),
}
MIN_MEM_GIB = 4


def parse_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line or line.startswith("#") or "=" not in line:
                    continue
                key, _, value = line.partition("=")
                info[key] = value.strip().strip('"')
    except FileNotFoundError:
        logger.warning("%s missing", path)
    return info


def cpu_features(path="/proc/cpuinfo"):
    flags, model, cores = set(), "unknown", 0
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("flags"):
                flags.update(line.split(":", 1)[1].split())
            elif line.startswith("model name") and model == "unknown":
                model = line.split(":", 1)[1].strip()
            elif line.startswith("processor"):
                cores += 1
    return flags, model, cores


def mem_total_gib(path="/proc/meminfo"):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / (1024 * 1024)
    return 0.0


def nested_state(vendor):
    param = NESTED_PARAM.get(vendor)
    if param is None or not param.exists():
        return "module-not-loaded"
    value = param.read_text().strip()
    return "enabled" if value in ("1", "Y") else "disabled"


def run_checks():
    flags, model, cores = cpu_features()
    vendor = next((v for f, v in VENDOR_FLAGS.items() if f in flags), None)
    kvm = Path("/dev/kvm")
    checks = {
        "arch": platform.machine(),
        "cpu_model": model,
        "logical_cpus": cores,
        "virt_vendor": vendor,
        "ept_or_npt": bool({"ept", "npt"} & flags),
        "dev_kvm_present": kvm.exists(),
        "dev_kvm_usable": kvm.exists() and os.access(kvm, os.R_OK | os.W_OK),
        "nested": nested_state(vendor) if vendor else "n/a",
        "mem_gib": round(mem_total_gib(), 1),
    }
    osr = parse_os_release()
    checks["distro"] = f'{osr.get("ID", "?")} {osr.get("VERSION_ID", "")}'.strip()
    return checks


def verdict(checks):
    problems = []
    if not checks["virt_vendor"]:
        problems.append("CPU has no vmx/svm flag (disabled in firmware?)")
    if not checks["dev_kvm_present"]:
        problems.append("/dev/kvm missing: kvm module not loaded")
    elif not checks["dev_kvm_usable"]:
        problems.append("/dev/kvm not accessible: ask an admin to add you to the 'kvm' group")
    if checks["mem_gib"] < MIN_MEM_GIB:
        problems.append(f"less than {MIN_MEM_GIB} GiB RAM")
    return problems


def main():
    ap = argparse.ArgumentParser(description="KVM host readiness report")
    ap.add_argument("--json", default="kvm-readiness.json")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    checks = run_checks()
    problems = verdict(checks)
    for key, value in checks.items():
        logger.info("%-16s %s", key, value)
    if problems:
        for p in problems:
            logger.warning("!! %s", p)
    else:
        logger.info("host looks ready for KVM guests")

    with open(args.json, "w", encoding="utf-8") as fh:
        json.dump({"checks": checks, "problems": problems}, fh, indent=2)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
