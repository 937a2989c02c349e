#!/usr/bin/env python3
"""Audit the ICC profiles in a calibration folder.

Checks each profile's header (signature, version, device class, colour
space), records a SHA-256 for the calibration log, embeds a small base64
preview of the calibration target shot next to each profile into a JSON
report, and checks that the vendor's reference-profile page is reachable.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import struct
import tempfile
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("icc-audit")

REFERENCE_URL = "https://colour.example.org/reference/profiles/"
DEVICE_CLASSES = {b"mntr": "display", b"prtr": "printer", b"scnr": "input",
                  b"spac": "colour space", b"link": "device link"}


def worker_count():
    # count cores from /proc/cpuinfo; leave one free for the tether app
    try:
        with open("/proc/cpuinfo") as fh:
            cores = sum(1 for line in fh if line.startswith("processor"))
    except OSError:
        cores = os.cpu_count() or 2
    return max(1, cores - 1)


def read_header(path):
    with open(path, "rb") as fh:
        raw = fh.read(128)
    if len(raw) < 128 or raw[36:40] != b"acsp":
        raise ValueError("missing 'acsp' signature")
    size = struct.unpack(">I", raw[0:4])[0]
    major, minor = raw[8], raw[9] >> 4
    return {
        "declared_size": size,
        "version": f"{major}.{minor}",
        "class": DEVICE_CLASSES.get(raw[12:16], raw[12:16].decode(errors="replace")),
        "colour_space": raw[16:20].decode(errors="replace").strip(),
    }


def preview_b64(profile):
    # target shots are saved as <profile>.target.jpg next to the profile
    shot = profile.with_suffix(".target.jpg")
    if not shot.exists() or shot.stat().st_size > 200_000:
        return None
    return base64.b64encode(shot.read_bytes()).decode("ascii")


def audit_one(path):
    entry = {"file": path.name}
    try:
        entry.update(read_header(path))
        entry["sha256"] = hashlib.sha256(path.read_bytes()).hexdigest()
        entry["size_ok"] = entry["declared_size"] == path.stat().st_size
        entry["preview"] = preview_b64(path)
        entry["ok"] = entry["size_ok"]
    except (OSError, ValueError) as exc:
        entry.update(ok=False, error=str(exc))
    return entry


def reference_reachable(url, timeout=10):
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return 200 <= resp.status < 400
    except OSError as exc:
        log.warning("reference page not reachable: %s", exc)
        return False


def write_report(report, dest):
    # write to a temp file in the same folder, then rename, so a crash never
    # leaves a half-written report for the calibration log importer
    dest = Path(dest)
    fd, tmp = tempfile.mkstemp(prefix=".report-", suffix=".json", dir=dest.parent or ".")
    with os.fdopen(fd, "w") as fh:
        json.dump(report, fh, indent=2)
    os.replace(tmp, dest)


def main():
    parser = argparse.ArgumentParser(description="Audit ICC profiles")
    parser.add_argument("folder", nargs="?", default="calibration/out")
    parser.add_argument("--report", default="icc_audit.json")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    profiles = sorted(p for p in Path(args.folder).glob("*") if p.suffix.lower() in (".icc", ".icm"))
    if not profiles:
        log.error("no profiles in %s", args.folder)
        return 1
    with ThreadPoolExecutor(max_workers=worker_count()) as pool:
        results = list(pool.map(audit_one, profiles))
    report = {"folder": str(Path(args.folder).resolve()), "profiles": results,
              "reference_online": reference_reachable(REFERENCE_URL)}
    write_report(report, args.report)
    bad = [r["file"] for r in results if not r.get("ok")]
    log.info("%d profile(s) checked, %d problem(s)", len(results), len(bad))
    for name in bad:
        log.warning("problem: %s", name)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
