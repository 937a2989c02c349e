#!/usr/bin/env python3
"""Suggest livestream encoder settings for the machine it runs on.

Reads the OS release and CPU details, picks an x264 preset and bitrate
ladder that the machine can sustain, and writes a JSON profile (with the
band's logo embedded for the overlay) that the streaming team imports.
"""
import argparse
import base64
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("encoder-sysinfo")

PRESETS = [
    # (min logical cores, min MHz, preset, 1080p bitrate kbps)
    (16, 3000, "medium", 6000),
    (8, 2500, "fast", 4500),
    (4, 2000, "veryfast", 3500),
    (2, 0, "ultrafast", 2000),
]


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path) as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    info[k] = v.strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return info


def read_cpu(path="/proc/cpuinfo"):
    cores, mhz, model = 0, [], "unknown"
    try:
        with open(path) as fh:
            for line in fh:
                key, _, val = line.partition(":")
                key = key.strip()
                if key == "processor":
                    cores += 1
                elif key == "cpu MHz":
                    mhz.append(float(val))
                elif key == "model name":
                    model = val.strip()
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    avg = sum(mhz) / len(mhz) if mhz else 0.0
    return {"cores": cores or (os.cpu_count() or 1), "mhz": round(avg), "model": model}


def choose_preset(cpu):
    for min_cores, min_mhz, preset, kbps in PRESETS:
        if cpu["cores"] >= min_cores and cpu["mhz"] >= min_mhz:
            return preset, kbps
    return "ultrafast", 1500


def embed_logo(path):
    """Base64 the overlay logo so the profile is a single file."""
    if not path or not Path(path).is_file():
        return None
    return base64.b64encode(Path(path).read_bytes()).decode("ascii")


def write_profile(profile, dest):
    # write atomically so a half-written profile never gets imported
    d = os.path.dirname(os.path.abspath(dest))
    with tempfile.NamedTemporaryFile("w", dir=d, delete=False, suffix=".tmp") as tmp:
        json.dump(profile, tmp, indent=2)
        tmp_name = tmp.name
    os.replace(tmp_name, dest)
    os.chmod(dest, 0o600)


def main():
    ap = argparse.ArgumentParser(description="Encoder profile suggestion")
    ap.add_argument("--logo", default="band_logo.png")
    ap.add_argument("--out", default="encoder_profile.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    osr = read_os_release()
    cpu = read_cpu()
    preset, kbps = choose_preset(cpu)
    profile = {
        "os": osr.get("PRETTY_NAME", "unknown"),
        "cpu": cpu,
        "x264_preset": preset,
        "ladder": {"1080p": kbps, "720p": int(kbps * 0.6), "480p": int(kbps * 0.3)},
        "overlay_logo_png_b64": embed_logo(args.logo),
    }
    try:
        write_profile(profile, args.out)
    except OSError as exc:
        log.error("could not write profile: %s", exc)
        return 1
    log.info("%s on %s: preset %s at %d kbps", cpu["model"], profile["os"], preset, kbps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
