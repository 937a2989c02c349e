#!/usr/bin/env python3
"""Fetch dashcam clip bundles from the car units.

Each dual-control car's dashcam exposes its recordings as a tar bundle over
HTTPS with a self-signed certificate.  This pulls the bundle, unpacks it
and writes a short index with clip durations for the lesson review page.
"""
import argparse
import csv
import json
import logging
import os
import subprocess
import tarfile

import requests
import urllib3

log = logging.getLogger("dashcam-fetch")

STAGING = "/tmp/dashcam_bundle.tar"
CARS_FILE = "cars.json"

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_cars(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


class CarUnit:
    def __init__(self, reg, address, token=None):
        self.reg = reg
        self.base = f"https://{address}"
        self.token = token

    def _headers(self):
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def download_bundle(self, dest):
        # units ship with self-signed certs that change on every reflash
        resp = requests.get(f"{self.base}/recordings/bundle.tar",
                            headers=self._headers(), verify=False,
                            timeout=60, stream=True)
        resp.raise_for_status()
        with open(dest, "wb") as fh:
            for chunk in resp.iter_content(1 << 16):
                fh.write(chunk)
        return dest


def unpack(bundle, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    with tarfile.open(bundle) as tar:
        tar.extractall(out_dir)
    return out_dir


def clip_duration(path):
    try:
        res = subprocess.run(
            ["ffprobe", "-v", "error", "-show_entries", "format=duration",
             "-of", "default=noprint_wrappers=1:nokey=1", path],
            capture_output=True, text=True, timeout=30,
        )
        return float(res.stdout.strip() or 0)
    except (subprocess.SubprocessError, ValueError, FileNotFoundError):
        return 0.0


def write_index(out_dir, reg):
    rows = []
    for root, _dirs, files in os.walk(out_dir):
        for name in sorted(files):
            if name.lower().endswith((".mp4", ".mov")):
                p = os.path.join(root, name)
                rows.append({"car": reg, "clip": os.path.relpath(p, out_dir),
                             "seconds": round(clip_duration(p), 1)})
    with open(os.path.join(out_dir, "index.csv"), "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["car", "clip", "seconds"])
        w.writeheader()
        w.writerows(rows)
    return len(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cars", default=CARS_FILE)
    ap.add_argument("--out", default="clips")
    ap.add_argument("--only", help="registration to fetch")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    for car in load_cars(args.cars):
        if args.only and car["reg"] != args.only:
            continue
        unit = CarUnit(car["reg"], car["address"], os.environ.get("DASHCAM_TOKEN"))
        try:
            unit.download_bundle(STAGING)
            out_dir = unpack(STAGING, os.path.join(args.out, car["reg"]))
            n = write_index(out_dir, car["reg"])
            log.info("%s: %d clips indexed", car["reg"], n)
        except (requests.RequestException, tarfile.TarError, OSError) as exc:
            log.error("%s: %s", car["reg"], exc)
        finally:
            if os.path.exists(STAGING):
                os.remove(STAGING)


if __name__ == "__main__":
    main()
