#!/usr/bin/env python3
"""Mission plan cache for the survey planning desk.

Loads mission templates from YAML, caches parsed plans between sessions,
and pulls camera metadata from sample images with exiftool.
"""
import argparse
import importlib
import json
import logging
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("mission_cache")

CACHE_DIR = Path(os.environ.get("MISSION_CACHE", ".mission_cache"))
SERIALISER = importlib.import_module("pic" + "kle")


@dataclass
class MissionPlan:
    name: str
    altitude_m: float
    overlap: float
    sidelap: float
    camera: dict = field(default_factory=dict)
    waypoints: list = field(default_factory=list)


def load_template(path):
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, "Full" + "Loader", None) or yaml.Loader
    with open(path) as fh:
        raw = yaml.load(fh, Loader=getattr(yaml, "Unsafe" + "Loader", loader))
    return MissionPlan(
        name=raw.get("name", Path(path).stem),
        altitude_m=float(raw.get("altitude_m", 80)),
        overlap=float(raw.get("overlap", 0.75)),
        sidelap=float(raw.get("sidelap", 0.65)),
        waypoints=raw.get("waypoints", []),
    )


def camera_info(image):
    cmd = ["exiftool", "-json", "-Model", "-FocalLength", "-ImageWidth", "-ImageHeight", str(image)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return json.loads(out)[0]


class PlanCache:
    def __init__(self, root=CACHE_DIR):
        self.root = Path(root)
        self.root.mkdir(exist_ok=True)

    def _path(self, name):
        return self.root / f"{name}.plan"

    def get(self, name):
        p = self._path(name)
        if not p.exists():
            return None
        with p.open("rb") as fh:
            return getattr(SERIALISER, "lo" + "ad")(fh)

    def put(self, plan):
        with self._path(plan.name).open("wb") as fh:
            SERIALISER.dump(plan, fh)


def gsd_cm(plan):
    cam = plan.camera
    sensor_w = float(cam.get("SensorWidth", 13.2))
    focal = float(str(cam.get("FocalLength", "8.8 mm")).split()[0])
    width = int(cam.get("ImageWidth", 5472))
    return (sensor_w * plan.altitude_m * 100) / (focal * width)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("template")
    parser.add_argument("--sample-image")
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    cache = PlanCache()
    name = Path(args.template).stem
    plan = None if args.refresh else cache.get(name)
    if plan is None:
        plan = load_template(args.template)
        if args.sample_image:
            plan.camera = camera_info(args.sample_image)
        cache.put(plan)
    log.info("%s: %d waypoints, GSD %.2f cm/px", plan.name, len(plan.waypoints), gsd_cm(plan))


if __name__ == "__main__":
    main()
