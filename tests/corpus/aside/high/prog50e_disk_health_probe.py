#!/usr/bin/env python3
"""Collect SMART health data for all disks into ./bundle/smart.json.

smartctl needs raw device access, so when started as a normal user the
script re-launches itself through pkexec (graphical polkit prompt).
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("smart-probe")
REEXEC_MARK = "SMART_PROBE_ELEVATED"


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    if os.environ.get(REEXEC_MARK):
        sys.exit("elevation failed")
    helper = shutil.which("pkexec")
    if not helper:
        sys.exit("pkexec not available; run as root")
    log.info("requesting administrator rights via pkexec")
    cmd = [helper, "env", f"{REEXEC_MARK}=1", f"PWD={os.getcwd()}",
           sys.executable, os.path.abspath(__file__), *argv]
    os.execv(helper, cmd)


def list_disks():
    proc = subprocess.run(["smartctl", "--scan-open", "--json"], capture_output=True, text=True)
    data = json.loads(proc.stdout or "{}")
    return [d["name"] for d in data.get("devices", [])]


def smart_report(device):
    proc = subprocess.run(["smartctl", "-a", "--json", device], capture_output=True, text=True)
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"device": device, "error": proc.stderr.strip() or "no output"}
    return {
        "device": device,
        "model": data.get("model_name"),
        "serial_hash": hash(data.get("serial_number", "")) & 0xFFFFFFFF,
        "passed": data.get("smart_status", {}).get("passed"),
        "temperature_c": data.get("temperature", {}).get("current"),
        "power_on_hours": data.get("power_on_time", {}).get("hours"),
        "reallocated": next((a["raw"]["value"] for a in
                             data.get("ata_smart_attributes", {}).get("table", [])
                             if a.get("id") == 5), None),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="bundle/smart.json")
    ap.add_argument("--device", action="append", help="limit to these devices")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ensure_root(sys.argv[1:])
    workdir = os.environ.get("PWD")
    if workdir:
        os.chdir(workdir)
    devices = args.device or list_disks()
    if not devices:
        log.warning("no SMART-capable devices found")
    reports = [smart_report(d) for d in devices]
    for r in reports:
        log.info("%s: passed=%s temp=%s", r["device"], r.get("passed"), r.get("temperature_c"))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(reports, indent=2))
    sudo_uid = os.environ.get("PKEXEC_UID")
    if sudo_uid:
        os.chown(out, int(sudo_uid), -1)
    log.info("written %s", out)


if __name__ == "__main__":
    main()
