#!/usr/bin/env python3
"""Inspection station frame normaliser and scorer.

Applies the station's tone lookup table (the built-in one measured for the
line's ring light, or a per-station override from ./luts) to every captured
frame, scores the frames for dark-spot defects and writes a pass/fail CSV
that the line PLC picks up through the shared folder.
"""
import argparse
import base64
import csv
import json
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

log = logging.getLogger("vision-station")

# 256-entry tone curve measured for the ring light on the 2.x station image
_BUILTIN = {
    "ringlight_gamma_08": (
        "AAMFBwkLDQ4QEhMVFhgZGhwdHyAhIyQlJygpKiwtLi8wMjM0NTY4OTo7PD0/QEFCQ0RF"
        "RkdJSktMTU5PUFFSU1RVVlhZWltcXV5fYGFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6"
        "e3t8fX5/gIGCg4SFhoeIiYqLjIyNjo+QkZKTlJWWl5eYmZqbnJ2en6ChoaKjpKWmp6ip"
        "qaqrrK2ur7CxsbKztLW2t7e4ubq7vL2+vr/AwcLDxMTFxsfIycrKy8zNzs/P0NHS09TU"
        "1dbX2NnZ2tvc3d7e3+Dh4uPj5OXm5+jo6err7Ozt7u/w8PHy8/T19fb3+Pn5+vv8/f3+"
        "/w=="
    ),
}


@dataclass
class Station:
    name: str
    input_dir: Path
    output_csv: Path
    lut_dir: Path
    lut: str = "ringlight_gamma_08"
    dark_level: int = 40
    max_dark_ratio: float = 0.02
    rois: list = field(default_factory=list)


class LutRegistry:
    def __init__(self):
        self.luts = {}

    @staticmethod
    def _unpack(packed):
        table = base64.b64decode(packed)
        if len(table) != 256:
            raise ValueError(f"LUT has {len(table)} entries, expected 256")
        return list(table)

    def load_builtin(self):
        for name, packed in _BUILTIN.items():
            try:
                self.luts[name] = self._unpack(packed)
            except ValueError as exc:
                log.error("built-in LUT %s unusable: %s", name, exc)

    def load_dir(self, lut_dir):
        for path in sorted(lut_dir.glob("*.lut")):
            try:
                self.luts[path.stem] = self._unpack(path.read_text().strip())
            except ValueError as exc:
                log.error("LUT %s rejected: %s", path.name, exc)

    def get(self, name):
        return self.luts[name]


def load_station(path):
    raw = json.loads(Path(path).read_text())
    return Station(
        name=raw["name"],
        input_dir=Path(raw.get("input_dir", "./frames")),
        output_csv=Path(raw.get("output_csv", "./results/inspection.csv")),
        lut_dir=Path(raw.get("lut_dir", "./luts")),
        lut=raw.get("lut", "ringlight_gamma_08"),
        dark_level=int(raw.get("dark_level", 40)),
        max_dark_ratio=float(raw.get("max_dark_ratio", 0.02)),
        rois=raw.get("rois", []),
    )


def dark_ratio(img, dark_level, roi=None):
    if roi:
        img = img.crop(tuple(roi))
    hist = img.histogram()
    total = sum(hist) or 1
    return sum(hist[:dark_level]) / total


def inspect(station, lut):
    station.output_csv.parent.mkdir(parents=True, exist_ok=True)
    frames = sorted(p for p in station.input_dir.iterdir()
                    if p.suffix.lower() in (".png", ".bmp", ".tif", ".tiff"))
    rejects = 0
    with open(station.output_csv, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["frame", "worst_dark_ratio", "verdict"])
        for frame in frames:
            with Image.open(frame) as img:
                norm = img.convert("L").point(lut)
            ratios = [dark_ratio(norm, station.dark_level, r) for r in station.rois] \
                or [dark_ratio(norm, station.dark_level)]
            worst = max(ratios)
            verdict = "FAIL" if worst > station.max_dark_ratio else "PASS"
            rejects += verdict == "FAIL"
            w.writerow([frame.name, f"{worst:.4f}", verdict])
    log.info("%s: %d frames, %d rejects", station.name, len(frames), rejects)
    return rejects


def main(argv=None):
    ap = argparse.ArgumentParser(description="vision inspection frame scorer")
    ap.add_argument("-s", "--station", default="station.json")
    ap.add_argument("--no-builtin", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    station = load_station(args.station)
    registry = LutRegistry()
    if not args.no_builtin:
        registry.load_builtin()
    if station.lut_dir.is_dir():
        registry.load_dir(station.lut_dir)
    if station.lut not in registry.luts:
        log.error("LUT %s not available", station.lut)
        return 2
    inspect(station, registry.get(station.lut))
    return 0


if __name__ == "__main__":
    sys.exit(main())
