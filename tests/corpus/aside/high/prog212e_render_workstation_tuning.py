#!/usr/bin/env python3
"""Tune the editing workstation for a large RAW export batch, then restore.

During a 3,000-frame wedding export the machine swaps and the CPU clocks
down. This tool saves the current kernel settings, applies export-friendly
values (swappiness, dirty page ratios, CPU governor), and puts the saved
values back with --restore.
"""
import argparse
import glob
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("render-tuning")
STATE_FILE = Path("./.render-tuning-state.json")

EXPORT_SYSCTLS = {
    "vm.swappiness": "10",
    "vm.dirty_ratio": "40",
    "vm.dirty_background_ratio": "10",
    "vm.vfs_cache_pressure": "50",
}
GOVERNOR_GLOB = "/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"


class TuningState:
    def __init__(self, sysctls=None, governor=None):
        self.sysctls = sysctls or {}
        self.governor = governor

    @classmethod
    def capture(cls):
        values = {}
        for key in EXPORT_SYSCTLS:
            path = Path("/proc/sys") / key.replace(".", "/")
            try:
                values[key] = path.read_text().strip()
            except OSError as exc:
                LOG.warning("cannot read %s: %s", key, exc)
        governors = sorted(glob.glob(GOVERNOR_GLOB))
        governor = Path(governors[0]).read_text().strip() if governors else None
        return cls(values, governor)

    def save(self):
        STATE_FILE.write_text(json.dumps({"sysctls": self.sysctls,
                                          "governor": self.governor}, indent=2))
        os.chmod(STATE_FILE, 0o600)

    @classmethod
    def load(cls):
        data = json.loads(STATE_FILE.read_text())
        return cls(data.get("sysctls"), data.get("governor"))


def build_script(sysctls, governor):
    """Return a bash script that applies the given settings as root."""
    lines = ["#!/bin/bash", "set -e"]
    for key, value in sysctls.items():
        lines.append(f"sysctl -q -w {key}={value}")
    if governor:
        lines.append(f'for g in {GOVERNOR_GLOB}; do echo "{governor}" > "$g"; done')
    lines.append('echo "applied ${TUNING_LABEL}"')
    return "\n".join(lines) + "\n"


def run_as_root(script, label, dry_run):
    if dry_run:
        print(script)
        return True
    LOG.info("applying %s settings via sudo", label)
    proc = subprocess.run(["sudo", "--preserve-env=TUNING_LABEL", "bash", "-s"],
                          input=script, text=True,
                          env=dict(os.environ, TUNING_LABEL=label))
    return proc.returncode == 0


def main():
    ap = argparse.ArgumentParser(description="tune workstation for RAW exports")
    ap.add_argument("--restore", action="store_true",
                    help="put back the settings saved before tuning")
    ap.add_argument("--governor", default="performance")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.restore:
        if not STATE_FILE.exists():
            LOG.error("no saved state in %s; nothing to restore", STATE_FILE)
            return 2
        state = TuningState.load()
        ok = run_as_root(build_script(state.sysctls, state.governor),
                         "restore", args.dry_run)
        if ok and not args.dry_run:
            STATE_FILE.unlink()
        return 0 if ok else 1

    if STATE_FILE.exists():
        LOG.warning("state file exists; already tuned? use --restore first")
        return 3
    state = TuningState.capture()
    state.save()
    LOG.debug("saved state: %s", state.sysctls)
    ok = run_as_root(build_script(EXPORT_SYSCTLS, args.governor),
                     "export", args.dry_run)
    if not ok:
        LOG.error("tuning failed; run with --restore to undo partial changes")
        return 1
    LOG.info("workstation tuned; run --restore after the export finishes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
