#!/usr/bin/env python3
"""Inventory of the oven-controller PCs for the maintenance contractor.

Run on each controller PC: records the OS release and CPU model, checks that
the firmware bundle for this controller model is published, and appends the
result to the site inventory file in the current directory.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("inventory")

FIRMWARE_URL = "https://firmware.example.com/ovens/{model}/latest.bin"
BUILD_DIR = Path("build")


def os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path) as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return info


def cpu_model(path="/proc/cpuinfo"):
    try:
        with open(path) as fh:
            for line in fh:
                if line.lower().startswith(("model name", "hardware", "model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def firmware_published(model, timeout=10):
    url = FIRMWARE_URL.format(model=model)
    try:
        r = requests.head(url, timeout=timeout, allow_redirects=True)
        return {"url": url, "status": r.status_code,
                "size": int(r.headers.get("Content-Length", 0) or 0)}
    except requests.RequestException as exc:
        return {"url": url, "status": None, "error": str(exc)}


def atomic_append(path, record):
    """Rewrite the inventory via a temp file in the same directory."""
    path = Path(path)
    existing = json.loads(path.read_text()) if path.exists() else []
    existing = [r for r in existing if r.get("host") != record["host"]]
    existing.append(record)
    fd, tmp = tempfile.mkstemp(prefix=".inventory-", suffix=".json", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(existing, fh, indent=2)
        os.replace(tmp, path)
    except Exception:
        os.unlink(tmp)
        raise


def clean_build():
    # leftovers from the contractor's packaging step
    if BUILD_DIR.is_dir():
        shutil.rmtree(BUILD_DIR)
        log.info("removed %s", BUILD_DIR)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--model", required=True, help="controller model, e.g. DK-400")
    ap.add_argument("--inventory", default="oven_inventory.json")
    ap.add_argument("--clean", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    rel = os_release()
    record = {
        "host": platform.node(),
        "model": args.model,
        "os": rel.get("PRETTY_NAME", platform.platform()),
        "cpu": cpu_model(),
        "firmware": firmware_published(args.model),
    }
    atomic_append(args.inventory, record)
    log.info("recorded %s (%s, %s)", record["host"], record["os"], record["cpu"])
    if record["firmware"].get("status") != 200:
        log.warning("firmware for %s not available: %s", args.model, record["firmware"])
    if args.clean:
        clean_build()


if __name__ == "__main__":
    main()
