#!/usr/bin/env python3
"""Fetch the depot's driver-app configuration bundle and push it to docked handsets.

The depot config service publishes a bundle per depot:

    {"version": "2024.11.3",
     "files": {"app_config.json": {...}, "route_prefs.json": {...}}}

Files are staged under ./staging/<version>/ and pushed with adb to every
handset currently docked on this depot PC. A handset that already reports
the bundle version in its LAST_PUSH marker is skipped.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("cfgfetch")

DEFAULT_SERVICE = "https://config.driverapp.example.net/v3"
DEVICE_DIR = "/sdcard/Android/data/net.example.driverapp/files/config"


def fetch_bundle(service, depot, token, attempts=3):
    url = f"{service}/depots/{depot}/bundle"
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}",
                                               "Accept": "application/json"})
    last = None
    for n in range(attempts):
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.load(resp)
        except (urllib.error.URLError, ValueError) as exc:
            last = exc
            log.warning("bundle fetch attempt %d failed: %s", n + 1, exc)
    raise RuntimeError(f"could not fetch bundle: {last}")


def stage_bundle(bundle, root):
    version = bundle.get("version", "unversioned")
    target = root / version
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, content in bundle.get("files", {}).items():
        if "/" in name or name.startswith("."):
            log.warning("skipping suspicious file name %r", name)
            continue
        p = target / name
        p.write_text(json.dumps(content, indent=2, sort_keys=True))
        written.append(p)
    if bundle.get("hooks"):
        log.warning("bundle carries hooks; this tool does not run them")
    log.info("staged %d files for %s in %s", len(written), version, target)
    return version, written


def docked_devices():
    out = subprocess.run(["adb", "devices"], capture_output=True, text=True, check=True)
    serials = []
    for line in out.stdout.splitlines()[1:]:
        parts = line.split()
        if len(parts) == 2 and parts[1] == "device":
            serials.append(parts[0])
    return serials


def device_version(serial):
    res = subprocess.run(["adb", "-s", serial, "shell", "cat", f"{DEVICE_DIR}/VERSION"],
                         capture_output=True, text=True)
    return res.stdout.strip() if res.returncode == 0 else None


def push_to_device(serial, files, version):
    subprocess.run(["adb", "-s", serial, "shell", "mkdir", "-p", DEVICE_DIR], check=True)
    for f in files:
        subprocess.run(["adb", "-s", serial, "push", str(f), f"{DEVICE_DIR}/{f.name}"],
                       check=True, capture_output=True)
    marker = files[0].parent / "VERSION"
    marker.write_text(version)
    subprocess.run(["adb", "-s", serial, "push", str(marker), f"{DEVICE_DIR}/VERSION"],
                   check=True, capture_output=True)
    log.info("%s: pushed %d files", serial, len(files))


def main():
    ap = argparse.ArgumentParser(description="push driver-app config to docked handsets")
    ap.add_argument("--depot", default=os.environ.get("DEPOT_CODE"))
    ap.add_argument("--service", default=os.environ.get("DRIVER_CFG_URL", DEFAULT_SERVICE))
    ap.add_argument("--staging", type=Path, default=Path("staging"))
    ap.add_argument("--force", action="store_true", help="push even if versions match")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    token = os.environ.get("DRIVER_CFG_TOKEN")
    if not (args.depot and token):
        log.error("DEPOT_CODE/--depot and DRIVER_CFG_TOKEN are required")
        return 2

    bundle = fetch_bundle(args.service, args.depot, token)
    version, files = stage_bundle(bundle, args.staging)
    if not files:
        log.error("bundle %s has no files", version)
        return 1

    try:
        devices = docked_devices()
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("adb not usable: %s", exc)
        return 1
    log.info("%d handsets docked", len(devices))

    failed, skipped = [], []
    for serial in devices:
        if not args.force and device_version(serial) == version:
            skipped.append(serial)
            continue
        if args.dry_run:
            log.info("%s: would push %s", serial, version)
            continue
        try:
            push_to_device(serial, files, version)
        except subprocess.CalledProcessError as exc:
            log.error("%s: push failed (%s)", serial, exc)
            failed.append(serial)

    (args.staging / "LAST_PUSH").write_text(json.dumps(
        {"version": version, "devices": devices, "failed": failed, "skipped": skipped}))
    log.info("done: %d failed, %d already current", len(failed), len(skipped))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
