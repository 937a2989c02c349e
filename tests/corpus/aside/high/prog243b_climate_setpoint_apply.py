#!/usr/bin/env python3
"""Validate new greenhouse climate setpoints and restart the climate service.

Reads ./setpoints.json, checks every zone against safe limits, writes the
accepted file into the deploy directory the climate-ctl service reads from,
and restarts the service so it picks the change up.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("setpoint-apply")

LIMITS = {
    "day_temp_c": (15.0, 32.0),
    "night_temp_c": (12.0, 28.0),
    "rh_pct": (40.0, 90.0),
    "co2_ppm": (350, 1400),
    "vpd_kpa": (0.4, 1.6),
}

RESTART_SNIPPET = (
    'systemctl restart "$CLIMATE_UNIT" && '
    'sleep "$SETTLE_SECONDS" && '
    'systemctl is-active "$CLIMATE_UNIT"'
)


class SetpointError(ValueError):
    pass


def validate(doc: dict) -> int:
    zones = doc.get("zones")
    if not isinstance(zones, dict) or not zones:
        raise SetpointError("no zones in setpoint file")
    for zone, values in zones.items():
        for key, (lo, hi) in LIMITS.items():
            if key not in values:
                raise SetpointError(f"{zone}: missing {key}")
            v = values[key]
            if not isinstance(v, (int, float)) or not lo <= v <= hi:
                raise SetpointError(f"{zone}: {key}={v} outside {lo}..{hi}")
        if values["night_temp_c"] > values["day_temp_c"]:
            raise SetpointError(f"{zone}: night warmer than day")
    return len(zones)


def deploy(src: Path, deploy_dir: Path) -> Path:
    deploy_dir.mkdir(parents=True, exist_ok=True)
    target = deploy_dir / "setpoints.json"
    if target.exists():
        shutil.copy2(target, deploy_dir / "setpoints.json.prev")
    shutil.copy2(src, target)
    LOG.info("deployed %s -> %s", src, target)
    return target


def restart_service(unit: str, settle: int) -> bool:
    env = dict(os.environ, CLIMATE_UNIT=unit, SETTLE_SECONDS=str(settle))
    res = subprocess.run(["bash", "-c", RESTART_SNIPPET], env=env,
                         capture_output=True, text=True, timeout=60 + settle)
    state = res.stdout.strip() or "unknown"
    LOG.info("%s state after restart: %s", unit, state)
    if res.returncode != 0:
        LOG.error("restart failed: %s", res.stderr.strip())
    return res.returncode == 0


def rollback(deploy_dir: Path):
    prev = deploy_dir / "setpoints.json.prev"
    if prev.exists():
        shutil.copy2(prev, deploy_dir / "setpoints.json")
        LOG.warning("rolled back to previous setpoints")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--file", type=Path, default=Path("./setpoints.json"))
    ap.add_argument("--deploy-dir", type=Path, default=Path("./deploy"))
    ap.add_argument("--unit", default="climate-ctl.service")
    ap.add_argument("--settle", type=int, default=5)
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        doc = json.loads(args.file.read_text())
        n = validate(doc)
    except (OSError, ValueError) as exc:
        LOG.error("rejected %s: %s", args.file, exc)
        return 1
    LOG.info("%d zones validated", n)
    deploy(args.file, args.deploy_dir)
    if args.no_restart:
        return 0
    if not restart_service(args.unit, args.settle):
        rollback(args.deploy_dir)
        restart_service(args.unit, args.settle)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
