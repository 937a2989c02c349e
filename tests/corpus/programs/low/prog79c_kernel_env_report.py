#!/usr/bin/env python3
"""Describe the environment a course kernel is running in.

Students attach the generated kernel_env.json to help-desk tickets so the
TAs can see OS release, CPU model, memory, visible GPUs and the versions of
the course packages without asking back and forth. Environment variable
values are not recorded, only the names, except for a short allow-list.
"""
import argparse
import json
import logging
import os
import sys
import time
from importlib import metadata
from pathlib import Path

log = logging.getLogger("kernel-env")

COURSE_PACKAGES = ("numpy", "scipy", "pandas", "matplotlib", "scikit-learn",
                   "torch", "jax", "jupyterlab", "ipykernel", "nbgrader")
VALUE_ALLOW = ("CUDA_VISIBLE_DEVICES", "OMP_NUM_THREADS", "COURSE", "JUPYTER_IMAGE_SPEC",
               "CONDA_DEFAULT_ENV", "LANG", "TZ", "MEM_LIMIT", "CPU_LIMIT")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        for line in Path(path).read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                k, v = line.split("=", 1)
                info[k] = v.strip().strip('"')
    except OSError as exc:
        log.debug("no os-release: %s", exc)
    return {k: info.get(k) for k in ("NAME", "VERSION_ID", "PRETTY_NAME")}


def read_cpu(path="/proc/cpuinfo"):
    model, cores, flags = None, 0, set()
    try:
        with open(path) as fh:
            for line in fh:
                key, _, val = line.partition(":")
                key = key.strip()
                if key == "model name" and model is None:
                    model = val.strip()
                elif key == "processor":
                    cores += 1
                elif key == "flags" and not flags:
                    flags = set(val.split())
    except OSError:
        pass
    return {"model": model, "logical_cpus": cores,
            "avx2": "avx2" in flags, "avx512f": "avx512f" in flags}


def read_meminfo(path="/proc/meminfo"):
    out = {}
    try:
        with open(path) as fh:
            for line in fh:
                k, v = line.split(":", 1)
                if k in ("MemTotal", "MemAvailable"):
                    out[k] = int(v.split()[0]) // 1024
    except OSError:
        pass
    return out


def package_versions(names):
    for name in names:
        try:
            yield name, metadata.version(name)
        except metadata.PackageNotFoundError:
            yield name, None


def environment_summary():
    names = sorted(os.environ)
    values = {k: os.environ[k] for k in VALUE_ALLOW if k in os.environ}
    return {"names": names, "values": values}


def build_report():
    uname = os.uname()
    return {
        "generated": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "python": sys.version.split()[0],
        "executable": sys.executable,
        "kernel": {"sysname": uname.sysname, "release": uname.release, "machine": uname.machine},
        "os": read_os_release(),
        "cpu": read_cpu(),
        "memory_mib": read_meminfo(),
        "packages": dict(package_versions(COURSE_PACKAGES)),
        "environment": environment_summary(),
        "cwd": os.getcwd(),
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-o", "--output", default="kernel_env.json")
    ap.add_argument("--stdout", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = build_report()
    text = json.dumps(report, indent=2, sort_keys=True)
    if args.stdout:
        print(text)
        return 0
    out = Path(args.output)
    out.write_text(text + "\n")
    os.chmod(out, 0o600)
    log.info("wrote %s (%d bytes)", out, len(text))
    missing = [k for k, v in report["packages"].items() if v is None]
    if missing:
        log.info("not installed in this kernel: %s", ", ".join(missing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
