#!/usr/bin/env python3
"""Capacity runbook, step 4: raise kernel limits on hosts that failed the
capacity check. Computes targets from /proc, writes a drop-in under
/etc/sysctl.d and reloads the settings."""
import argparse
import logging
import os
import subprocess
from dataclasses import dataclass

LOG = logging.getLogger("kernel-tuning")
DROPIN = "/etc/sysctl.d/90-capacity-runbook.conf"


@dataclass
class Knob:
    name: str
    minimum: int
    per_gb_mem: int = 0

    @property
    def proc_path(self):
        return "/proc/sys/" + self.name.replace(".", "/")


KNOBS = [
    Knob("net.core.somaxconn", 4096),
    Knob("net.ipv4.tcp_max_syn_backlog", 8192),
    Knob("fs.file-max", 262144, per_gb_mem=65536),
    Knob("vm.max_map_count", 262144),
]


def read_meminfo_gb(path="/proc/meminfo"):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // (1024 * 1024)
    return 0


def current_value(knob):
    try:
        with open(knob.proc_path, encoding="utf-8") as fh:
            return int(fh.read().split()[0])
    except (OSError, ValueError) as exc:
        LOG.warning("cannot read %s: %s", knob.proc_path, exc)
        return None


def plan(mem_gb):
    changes = {}
    for knob in KNOBS:
        target = max(knob.minimum, knob.per_gb_mem * mem_gb)
        cur = current_value(knob)
        if cur is None or cur < target:
            changes[knob.name] = target
            LOG.info("%s: %s -> %s", knob.name, cur, target)
        else:
            LOG.debug("%s already %s (>= %s)", knob.name, cur, target)
    return changes


def write_dropin(changes, path=DROPIN):
    body = ["# managed by capacity runbook, do not edit by hand"]
    body += [f"{k} = {v}" for k, v in sorted(changes.items())]
    tmp = path + ".new"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write("\n".join(body) + "\n")
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    LOG.info("wrote %s", path)


def reload_sysctl():
    proc = subprocess.run(["sysctl", "--system"], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    applied = [l for l in proc.stdout.splitlines() if "capacity" in l or "=" in l]
    LOG.info("sysctl reloaded, %d lines applied", len(applied))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--apply", action="store_true", help="write and reload (default: plan only)")
    ap.add_argument("--dropin", default=DROPIN)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    changes = plan(read_meminfo_gb())
    if not changes:
        LOG.info("nothing to tune")
        return 0
    if not args.apply:
        LOG.info("plan only; rerun with --apply")
        return 0
    try:
        write_dropin(changes, args.dropin)
        reload_sysctl()
    except (OSError, RuntimeError) as exc:
        LOG.error("tuning failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
