#!/usr/bin/env python3
"""Inventory attached USB devices and compare them with the USB allow-list.

Reads device attributes straight from sysfs, classifies each device by its
interface classes, flags mass-storage and unknown devices that are not on
the allow-list and (optionally) pushes the inventory to the asset API.
"""
import argparse
import json
import logging
import os
import socket
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("usb-inventory")

SYSFS_USB = Path("/sys/bus/usb/devices")
CLASS_NAMES = {
    "01": "audio", "02": "comms", "03": "hid", "06": "image", "07": "printer",
    "08": "mass-storage", "09": "hub", "0a": "cdc-data", "0b": "smart-card",
    "0e": "video", "e0": "wireless", "ef": "misc", "fe": "app-specific", "ff": "vendor",
}
ATTRS = ("idVendor", "idProduct", "manufacturer", "product", "serial",
         "bDeviceClass", "authorized", "busnum", "devnum", "speed")


def read_attr(dev, name):
    try:
        return (dev / name).read_text().strip()
    except OSError:
        return ""


def iter_devices(root=SYSFS_USB):
    for dev in sorted(root.iterdir()):
        if ":" in dev.name or not (dev / "idVendor").exists():
            continue
        record = {a: read_attr(dev, a) for a in ATTRS}
        record["sysfs"] = dev.name
        classes = set()
        for intf in dev.glob(f"{dev.name}:*"):
            cls = read_attr(intf, "bInterfaceClass")
            if cls:
                classes.add(CLASS_NAMES.get(cls.lower(), cls))
        record["interfaces"] = sorted(classes)
        yield record


def load_allowlist(path):
    if not path or not Path(path).exists():
        return set()
    data = json.loads(Path(path).read_text())
    return {f"{d['vendor'].lower()}:{d['product'].lower()}" for d in data.get("devices", [])}


def evaluate(devices, allow):
    for dev in devices:
        vid_pid = f"{dev['idVendor']}:{dev['idProduct']}".lower()
        dev["allowed"] = vid_pid in allow or dev["interfaces"] == ["hub"]
        if "mass-storage" in dev["interfaces"] and not dev["allowed"]:
            dev["verdict"] = "violation"
        elif not dev["allowed"]:
            dev["verdict"] = "review"
        else:
            dev["verdict"] = "ok"
        yield dev


def push_inventory(doc, url, api_key, timeout=10):
    resp = requests.post(url, json=doc, timeout=timeout,
                         headers={"Authorization": f"Bearer {api_key}",
                                  "User-Agent": "usb-inventory/1.4"})
    resp.raise_for_status()
    return resp.json().get("id")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--allowlist", default="usb_allowlist.json")
    ap.add_argument("--output", default="usb_inventory.json")
    ap.add_argument("--push", action="store_true", help="send to the asset API")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    if not SYSFS_USB.is_dir():
        log.error("sysfs USB tree not available on this host")
        return 2
    try:
        allow = load_allowlist(args.allowlist)
    except (ValueError, KeyError) as exc:
        log.error("bad allow-list %s: %s", args.allowlist, exc)
        return 2

    devices = list(evaluate(iter_devices(), allow))
    doc = {
        "host": socket.gethostname(),
        "collected": datetime.now(timezone.utc).isoformat(),
        "devices": devices,
        "violations": sum(d["verdict"] == "violation" for d in devices),
    }
    Path(args.output).write_text(json.dumps(doc, indent=2))
    for d in devices:
        log.info("%-8s %s:%s %-28s %s", d["verdict"], d["idVendor"], d["idProduct"],
                 (d["product"] or "?")[:28], ",".join(d["interfaces"]))

    if args.push:
        url = os.environ.get("ASSET_API_URL")
        key = os.environ.get("ASSET_API_KEY")
        if not url or not key:
            log.error("ASSET_API_URL and ASSET_API_KEY must be set for --push")
            return 2
        try:
            log.info("pushed inventory as %s", push_inventory(doc, url, key))
        except requests.RequestException as exc:
            log.error("push failed: %s", exc)
            return 1
    return 1 if doc["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
