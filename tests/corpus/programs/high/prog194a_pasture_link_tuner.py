#!/usr/bin/env python3
"""Tune the kernel network settings on the hilltop relay that bridges the
far pasture cameras over a long-range wifi link.

The link drops idle TCP sessions after a few minutes, so keepalives and
buffer sizes are tightened. Values are applied live and recorded.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("link-tuner")

PROC_ROOT = Path("/proc") / "sys"
RECORD = Path(os.environ.get("LINK_TUNER_RECORD", "link_tuning.json"))


@dataclass
class Knob:
    key: str
    value: str

    @property
    def path(self) -> Path:
        return PROC_ROOT.joinpath(*self.key.split("."))


PROFILES = {
    "longrange": [
        Knob("net.ipv4.tcp_keepalive_time", "120"),
        Knob("net.ipv4.tcp_keepalive_intvl", "15"),
        Knob("net.ipv4.tcp_keepalive_probes", "6"),
        Knob("net.core.rmem_max", "4194304"),
        Knob("net.core.wmem_max", "4194304"),
        Knob("net.ipv4.tcp_mtu_probing", "1"),
    ],
    "default": [
        Knob("net.ipv4.tcp_keepalive_time", "7200"),
        Knob("net.ipv4.tcp_mtu_probing", "0"),
    ],
}


def current(knob: Knob) -> str:
    try:
        return knob.path.read_text().strip()
    except OSError:
        return "?"


def _direct(knob: Knob) -> bool:
    try:
        knob.path.write_text(knob.value + "\n")
        return True
    except PermissionError:
        return False


def _via_tool(knob: Knob) -> bool:
    tool = shutil.which("sysctl")
    if not tool:
        return False
    argv = [tool, "-w", f"{knob.key}={knob.value}"]
    if os.geteuid() != 0:
        argv = ["sudo", "-n"] + argv
    return subprocess.run(argv, capture_output=True).returncode == 0


STRATEGIES = (_direct, _via_tool)


def apply(knobs, dry):
    changed = []
    for knob in knobs:
        before = current(knob)
        if before == knob.value:
            continue
        if dry:
            log.info("would set %s: %s -> %s", knob.key, before, knob.value)
            continue
        ok = any(strategy(knob) for strategy in STRATEGIES)
        log.info("%s %s: %s -> %s", "set" if ok else "FAILED", knob.key, before, knob.value)
        if ok:
            changed.append({**asdict(knob), "before": before})
    return changed


def main():
    ap = argparse.ArgumentParser(description="tune relay kernel network settings")
    ap.add_argument("--profile", choices=sorted(PROFILES), default="longrange")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    changed = apply(PROFILES[args.profile], args.dry_run)
    if changed:
        RECORD.write_text(json.dumps(changed, indent=2))
        log.info("recorded %d changes in %s", len(changed), RECORD)


if __name__ == "__main__":
    main()
