#!/usr/bin/env python3
"""Apply per-model test profiles to every attached Android device.

Profiles live in ./profiles/*.yml and describe, per device model, which
system properties to check, which settings to apply and which test APKs to
install.  The tool enumerates devices with `adb devices -l`, matches each to
a profile and runs the steps through adb, collecting a result table.
"""
import argparse
import csv
import logging
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from yaml import load as yload, Loader, YAMLError

log = logging.getLogger("adb-fleet")


class AdbError(RuntimeError):
    pass


class Device:
    def __init__(self, adb, serial, attrs):
        self.adb = adb
        self.serial = serial
        self.attrs = attrs

    @property
    def model(self):
        return self.attrs.get("model", "unknown")

    def run(self, *args, timeout=60):
        cmd = [self.adb, "-s", self.serial, *args]
        log.debug("exec %s", " ".join(cmd))
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0:
            raise AdbError(f"{self.serial}: {' '.join(args)} -> {proc.stderr.strip()}")
        return proc.stdout.strip()

    def getprop(self, name):
        return self.run("shell", "getprop", name)


def list_devices(adb):
    out = subprocess.run([adb, "devices", "-l"], capture_output=True, text=True, check=True).stdout
    devices = []
    for line in out.splitlines()[1:]:
        parts = line.split()
        if len(parts) < 2 or parts[1] != "device":
            continue
        attrs = dict(p.split(":", 1) for p in parts[2:] if ":" in p)
        devices.append(Device(adb, parts[0], attrs))
    return devices


def load_profiles(directory: Path):
    profiles = {}
    for path in sorted(directory.glob("*.yml")):
        with path.open(encoding="utf-8") as fh:
            # profiles use custom tags (!apk, !setting) defined by the QA team
            doc = yload(fh, Loader=Loader)
        for model in doc.get("models", []):
            profiles[model] = doc
    return profiles


def apply_profile(dev: Device, profile, apk_root: Path):
    results = []
    for prop, expected in (profile.get("expect_props") or {}).items():
        actual = dev.getprop(prop)
        results.append((dev.serial, "prop", prop, "ok" if actual == str(expected) else f"got {actual}"))
    for ns, values in (profile.get("settings") or {}).items():
        for key, value in values.items():
            dev.run("shell", "settings", "put", ns, key, str(value))
            results.append((dev.serial, "setting", f"{ns}/{key}", "applied"))
    for apk in profile.get("apks", []):
        apk_path = apk_root / apk
        if not apk_path.exists():
            results.append((dev.serial, "apk", apk, "missing"))
            continue
        dev.run("install", "-r", "-g", str(apk_path), timeout=300)
        results.append((dev.serial, "apk", apk, "installed"))
    return results


def worker(dev, profiles, apk_root):
    profile = profiles.get(dev.model)
    if profile is None:
        return [(dev.serial, "profile", dev.model, "no profile")]
    try:
        return apply_profile(dev, profile, apk_root)
    except (AdbError, subprocess.TimeoutExpired) as exc:
        return [(dev.serial, "error", dev.model, str(exc))]


def main(argv=None):
    ap = argparse.ArgumentParser(description="apply QA profiles to attached devices")
    ap.add_argument("--profiles", default="profiles")
    ap.add_argument("--apks", default="apks")
    ap.add_argument("--adb", default=shutil.which("adb") or "adb")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--report", default="fleet-report.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(threadName)s %(message)s")

    try:
        profiles = load_profiles(Path(args.profiles))
    except (OSError, YAMLError) as exc:
        log.error("cannot load profiles: %s", exc)
        return 1
    devices = list_devices(args.adb)
    if not devices:
        log.warning("no devices attached")
        return 0
    log.info("%d devices, %d profiles", len(devices), len(profiles))

    rows = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for res in pool.map(lambda d: worker(d, profiles, Path(args.apks)), devices):
            rows.extend(res)

    with open(args.report, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["serial", "kind", "item", "status"])
        writer.writerows(rows)
    failed = sum(1 for r in rows if r[3] not in ("ok", "applied", "installed"))
    log.info("report: %s (%d problems)", args.report, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
