#!/usr/bin/env python3
"""Launch the dispatch scale-station container.

The weighing software for outgoing root-ball trees runs in a container that
needs the serial scale and the label printer, and it manages its own helper
containers for the barcode reader.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("scale-station")

IMAGE = "registry.example.com/nursery/scale-station:2.4"
LAUNCH_TEMPLATE = """#!/bin/bash
set -euo pipefail
docker rm -f scale-station >/dev/null 2>&1 || true
exec docker run -d --name scale-station \\
    --privileged \\
    -v /dev:/dev \\
    -v /var/run/docker.sock:/var/run/docker.sock \\
    -v "$STATION_DATA":/data \\
    -e SCALE_PORT="$SCALE_PORT" -e PRINTER="$PRINTER" \\
    "$STATION_IMAGE"
"""


def load_settings(path):
    defaults = {"scale_port": "/dev/ttyUSB0", "printer": "/dev/usb/lp0", "data": "./station_data"}
    if Path(path).exists():
        try:
            defaults.update(json.loads(Path(path).read_text()))
        except json.JSONDecodeError as exc:
            LOG.warning("ignoring bad settings file: %s", exc)
    return defaults


def check_devices(settings):
    missing = [settings[k] for k in ("scale_port", "printer") if not Path(settings[k]).exists()]
    for dev in missing:
        LOG.warning("device %s not present", dev)
    return not missing


def launch(settings, image):
    script = Path("launch_station.sh")
    script.write_text(LAUNCH_TEMPLATE)
    data_dir = Path(settings["data"]).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, STATION_DATA=str(data_dir), STATION_IMAGE=image,
               SCALE_PORT=settings["scale_port"], PRINTER=settings["printer"])
    result = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip())
    return result.stdout.strip()[:12]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--settings", default="station.json")
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--pull", action="store_true")
    parser.add_argument("--force", action="store_true", help="start even if devices are missing")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not shutil.which("docker"):
        LOG.error("docker is not installed")
        return 1
    settings = load_settings(args.settings)
    if not check_devices(settings) and not args.force:
        LOG.error("devices missing; use --force to start anyway")
        return 1
    if args.pull:
        subprocess.run(["docker", "pull", args.image], check=False)
    try:
        cid = launch(settings, args.image)
    except RuntimeError as exc:
        LOG.error("launch failed: %s", exc)
        return 1
    LOG.info("scale-station running (%s)", cid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
