#!/usr/bin/env python3
"""Dispatch-bench label station for dangerous-goods parcels.

Watches the outbound/ folder for shipment JSON dropped by the WMS, renders a
ZPL label per package (UN number, proper shipping name, class diamond, packing
group, limited-quantity mark) and sends it to the Zebra queue through CUPS.
"""
import argparse
import configparser
import json
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("hazmat_labels")

CLASS_NAMES = {
    "3": "FLAMMABLE LIQUID",
    "5.1": "OXIDIZER",
    "6.1": "TOXIC",
    "8": "CORROSIVE",
    "9": "MISCELLANEOUS",
}

ZPL_TEMPLATE = """^XA
^CF0,40^FO40,40^FD{un}^FS
^CF0,28^FO40,95^FD{psn}^FS
^FO40,140^FDClass {hz_class} - {class_name}^FS
^FO40,180^FDPacking group {pg}^FS
^FO40,220^FDNet qty {qty} {unit}^FS
^FO40,270^BCN,80,Y,N,N^FD{tracking}^FS
{lq}^XZ
"""


def load_settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({
        "printer": {"queue": "zebra_dg", "copies": "1"},
        "paths": {"inbox": "outbound", "done": "outbound/printed", "failed": "outbound/failed"},
    })
    if path and os.path.exists(path):
        cp.read(path)
    return cp


def render_label(pkg, tracking):
    hz_class = str(pkg["class"])
    return ZPL_TEMPLATE.format(
        un=f"UN{int(pkg['un']):04d}",
        psn=pkg["proper_shipping_name"].upper()[:38],
        hz_class=hz_class,
        class_name=CLASS_NAMES.get(hz_class, "DANGEROUS GOODS"),
        pg=pkg.get("packing_group", "-"),
        qty=pkg["net_qty"],
        unit=pkg.get("unit", "L"),
        tracking=tracking,
        lq="^FO600,40^GB120,120,4^FS\n" if pkg.get("limited_quantity") else "",
    )


def send_to_queue(queue, zpl, copies):
    result = subprocess.run(["lp", "-d", queue, "-o", "raw", "-n", str(copies)],
                            input=zpl.encode("ascii", "replace"),
                            capture_output=True, timeout=30)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.decode(errors="replace").strip())
    return result.stdout.decode().strip()


def process_file(path, settings):
    shipment = json.loads(path.read_text(encoding="utf-8"))
    tracking = shipment["tracking"]
    for idx, pkg in enumerate(shipment["packages"], start=1):
        job = send_to_queue(settings["printer"]["queue"], render_label(pkg, tracking),
                            settings["printer"].getint("copies"))
        log.info("%s pkg %d/%d -> %s", tracking, idx, len(shipment["packages"]), job)


def watch(settings, once=False):
    inbox = Path(settings["paths"]["inbox"])
    done = Path(settings["paths"]["done"])
    failed = Path(settings["paths"]["failed"])
    for d in (inbox, done, failed):
        d.mkdir(parents=True, exist_ok=True)
    while True:
        for path in sorted(inbox.glob("*.json")):
            try:
                process_file(path, settings)
                shutil.move(str(path), done / path.name)
            except (ValueError, KeyError, RuntimeError, subprocess.TimeoutExpired) as exc:
                log.error("could not print %s: %s", path.name, exc)
                shutil.move(str(path), failed / path.name)
        if once:
            return
        time.sleep(5)


def main():
    ap = argparse.ArgumentParser(description="Dangerous-goods label station")
    ap.add_argument("-c", "--config", default="label_station.ini")
    ap.add_argument("--once", action="store_true", help="process the inbox and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    watch(load_settings(args.config), once=args.once)


if __name__ == "__main__":
    main()
