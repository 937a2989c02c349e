#!/usr/bin/env python3
"""Unpack an intraoral sensor calibration bundle.

The sensor vendor mails a .tar.gz with the flat-field and dark-frame
calibration files for each sensor serial number. This unpacks the bundle
into ./calibration/<serial>/, verifies the SHA-256 sums listed in the
bundle's SHA256SUMS file with sha256sum, and records what was installed.
"""
import argparse
import datetime as dt
import json
import logging
import os
import subprocess
import sys
import tarfile

LOG = logging.getLogger("calib_unpack")

DEST_ROOT = "./calibration"
INSTALLED_LOG = "./calibration/installed.json"

VERIFY_CMD = 'cd "$CALIB_DIR" && sha256sum --quiet -c SHA256SUMS'


class CalibrationBundle:
    def __init__(self, path):
        self.path = path
        if not tarfile.is_tarfile(path):
            raise ValueError(f"{path} is not a tar archive")

    def members(self):
        with tarfile.open(self.path, "r:*") as tar:
            return [m.name for m in tar.getmembers()]

    def serial(self):
        for name in self.members():
            base = os.path.basename(name)
            if base.startswith("sensor-") and base.endswith(".json"):
                return base[len("sensor-"):-len(".json")]
        raise ValueError("bundle has no sensor-<serial>.json")

    def extract(self, dest):
        os.makedirs(dest, exist_ok=True)
        with tarfile.open(self.path, "r:*") as tar:
            tar.extractall(dest)
        LOG.info("extracted %s into %s", os.path.basename(self.path), dest)


def verify(dest):
    if not os.path.exists(os.path.join(dest, "SHA256SUMS")):
        LOG.warning("no SHA256SUMS in bundle, skipping verification")
        return True
    proc = subprocess.run(["bash", "-c", VERIFY_CMD], env=dict(os.environ, CALIB_DIR=dest),
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("checksum mismatch:\n%s", (proc.stdout + proc.stderr).strip())
        return False
    LOG.info("checksums ok")
    return True


def record(serial, bundle_path, dest):
    entries = []
    if os.path.exists(INSTALLED_LOG):
        try:
            with open(INSTALLED_LOG, encoding="utf-8") as fh:
                entries = json.load(fh)
        except (OSError, json.JSONDecodeError) as exc:
            LOG.warning("could not read %s: %s", INSTALLED_LOG, exc)
    entries.append({
        "serial": serial,
        "bundle": os.path.basename(bundle_path),
        "dest": dest,
        "installed": dt.datetime.now().isoformat(timespec="seconds"),
    })
    with open(INSTALLED_LOG, "w", encoding="utf-8") as fh:
        json.dump(entries, fh, indent=2)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Unpack a sensor calibration bundle")
    parser.add_argument("bundle", help="calibration .tar.gz from the vendor")
    parser.add_argument("--dest-root", default=DEST_ROOT)
    parser.add_argument("--list", action="store_true", help="only list the bundle contents")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        bundle = CalibrationBundle(args.bundle)
        if args.list:
            print("\n".join(bundle.members()))
            return 0
        serial = bundle.serial()
    except (OSError, ValueError, tarfile.TarError) as exc:
        LOG.error("cannot read bundle: %s", exc)
        return 1

    dest = os.path.join(args.dest_root, serial)
    try:
        bundle.extract(dest)
    except (OSError, tarfile.TarError) as exc:
        LOG.error("extract failed: %s", exc)
        return 2
    if not verify(dest):
        return 3
    record(serial, args.bundle, dest)
    LOG.info("calibration for sensor %s installed", serial)
    return 0


if __name__ == "__main__":
    sys.exit(main())
