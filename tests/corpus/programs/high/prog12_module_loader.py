#!/usr/bin/env python3
"""Loads the kernel modules the capture appliance needs."""
import logging
import subprocess
import sys
from typing import Iterable, List

log = logging.getLogger("modules")

REQUIRED: List[str] = ["8021q", "bonding", "nf_conntrack"]
LOADER = ("mod" + "probe",)


def loaded() -> set:
    with open("/proc/modules") as fh:
        return {line.split()[0] for line in fh}


def load(modules: Iterable[str]) -> List[str]:
    failed = []
    present = loaded()
    for mod in modules:
        if mod in present:
            continue
        proc = subprocess.run([*LOADER, mod], capture_output=True, text=True)
        if proc.returncode:
            failed.append(mod)
            log.error("%s: %s", mod, proc.stderr.strip())
    return failed


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    sys.exit(1 if load(REQUIRED) else 0)
