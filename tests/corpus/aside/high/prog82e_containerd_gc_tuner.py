#!/usr/bin/env python3
"""Tune containerd's garbage-collection scheduler for the node's disk.

Small-disk edge nodes kept filling /var/lib/containerd because the GC
scheduler defaults are tuned for big hosts.  This computes thresholds from
the snapshotter volume size, patches the gc scheduler table in the
containerd config and restarts containerd so the new values take effect.
"""
import argparse
import difflib
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

try:
    import tomllib
except ImportError:  # py<3.11
    import tomli as tomllib

log = logging.getLogger("gc-tuner")

CONFIG = Path("/etc/containerd/config.toml")
STATE_DIR = Path("/var/lib/containerd")
GC_TABLE = '[plugins."io.containerd.gc.v1.scheduler"]'


def thresholds(total_bytes):
    gib = total_bytes / 2**30
    if gib < 40:
        return {"pause_threshold": 0.05, "deletion_threshold": 0, "mutation_threshold": 50,
                "schedule_delay": "0s", "startup_delay": "100ms"}
    if gib < 200:
        return {"pause_threshold": 0.02, "deletion_threshold": 0, "mutation_threshold": 100,
                "schedule_delay": "0s", "startup_delay": "100ms"}
    return {"pause_threshold": 0.02, "deletion_threshold": 0, "mutation_threshold": 100,
            "schedule_delay": "5s", "startup_delay": "1s"}


def render_table(values):
    lines = [GC_TABLE]
    for key, val in values.items():
        lines.append(f'  {key} = "{val}"' if isinstance(val, str) else f"  {key} = {val}")
    return lines


def patch_text(text, values):
    """Replace (or append) the gc scheduler table, leave everything else alone."""
    out, skipping, replaced = [], False, False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped == GC_TABLE:
            out.extend(render_table(values))
            skipping, replaced = True, True
            continue
        if skipping and stripped.startswith("["):
            skipping = False
        if not skipping:
            out.append(line)
    if not replaced:
        out.append("")
        out.extend(render_table(values))
    return "\n".join(out) + "\n"


def apply(config_path, new_text):
    backup = config_path.with_name(f"config.toml.{time.strftime('%Y%m%d%H%M%S')}")
    shutil.copy2(config_path, backup)
    log.info("backup written to %s", backup)
    tmp = config_path.with_suffix(".toml.new")
    tmp.write_text(new_text)
    tmp.chmod(0o644)
    tmp.replace(config_path)


def restart_runtime(unit):
    proc = subprocess.run(["systemctl", "restart", unit], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    for _ in range(20):
        state = subprocess.run(["systemctl", "is-active", unit], capture_output=True, text=True).stdout.strip()
        if state == "active":
            return
        time.sleep(1)
    raise RuntimeError(f"{unit} did not come back")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=CONFIG)
    ap.add_argument("--state-dir", type=Path, default=STATE_DIR)
    ap.add_argument("--unit", default="containerd")
    ap.add_argument("--no-restart", dest="restart", action="store_false")
    ap.add_argument("--show-diff", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        text = args.config.read_text()
        tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 2

    total = shutil.disk_usage(args.state_dir).total
    values = thresholds(total)
    new_text = patch_text(text, values)
    tomllib.loads(new_text)  # refuse to write something containerd cannot parse

    if new_text == text:
        log.info("gc settings already current")
        return 0
    if args.show_diff:
        sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), new_text.splitlines(True),
                                                   str(args.config), str(args.config) + " (new)"))
    apply(args.config, new_text)
    log.info("gc scheduler set for %.0f GiB volume", total / 2**30)
    if args.restart:
        try:
            restart_runtime(args.unit)
        except RuntimeError as exc:
            log.error("restart failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
