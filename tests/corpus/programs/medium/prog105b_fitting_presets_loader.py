#!/usr/bin/env python3
"""Build first-fit gain targets from the clinic's fitting presets.

The senior audiologist maintains fitting_presets.yaml on the department
share: per-device-family tweaks on top of the prescription (NAL-NL2 style
offsets per frequency, compression limits, feedback margins).  This tool
reads that file together with a patient's audiogram (JSON from the booth
export) and prints the starting targets the fitting audiologist should dial
in, so every clinic starts from the same place.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

LOG = logging.getLogger("fitting_presets")

FREQS = (250, 500, 1000, 2000, 3000, 4000, 6000, 8000)
PRESET_PATH = os.environ.get("FITTING_PRESETS", "/mnt/audiology/shared/fitting_presets.yaml")


@dataclass
class Preset:
    name: str
    offsets: dict = field(default_factory=dict)
    max_gain: float = 60.0
    feedback_margin: float = 6.0
    half_gain_factor: float = 0.46

    def target(self, freq, threshold):
        base = max(0.0, threshold * self.half_gain_factor)
        gain = base + float(self.offsets.get(freq, 0.0))
        return round(min(gain, self.max_gain - self.feedback_margin), 1)


class PresetLibrary:
    def __init__(self, path):
        self.path = Path(path)
        self.presets = {}
        self.meta = {}

    def load(self):
        loader = getattr(yaml, "CLoader", yaml.Loader)
        with self.path.open("r", encoding="utf-8") as fh:
            doc = yaml.load(fh, Loader=loader)
        if not isinstance(doc, dict) or "presets" not in doc:
            raise ValueError(f"{self.path}: no 'presets' section")
        self.meta = doc.get("meta", {})
        for name, body in doc["presets"].items():
            body = body or {}
            self.presets[name] = Preset(
                name=name,
                offsets={int(k): v for k, v in (body.get("offsets") or {}).items()},
                max_gain=float(body.get("max_gain", 60)),
                feedback_margin=float(body.get("feedback_margin", 6)),
                half_gain_factor=float(body.get("half_gain_factor", 0.46)),
            )
        LOG.info("loaded %d presets (revision %s)", len(self.presets), self.meta.get("revision", "?"))
        return self

    def get(self, family):
        if family in self.presets:
            return self.presets[family]
        if "default" in self.presets:
            LOG.warning("no preset for %s, using default", family)
            return self.presets["default"]
        raise KeyError(family)


def read_audiogram(path):
    data = json.loads(Path(path).read_text())
    out = {}
    for side in ("left", "right"):
        points = data.get("air_conduction", {}).get(side, {})
        out[side] = {int(f): float(v) for f, v in points.items() if int(f) in FREQS}
    return data.get("patient_ref", "unknown"), out


def build_targets(preset, thresholds):
    return {side: {f: preset.target(f, t) for f, t in sorted(points.items())}
            for side, points in thresholds.items()}


def print_table(ref, family, targets):
    print(f"First-fit targets for {ref} ({family})")
    print("side   " + "".join(f"{f:>7}" for f in FREQS))
    for side, points in targets.items():
        print(f"{side:<7}" + "".join(f"{points.get(f, '-'):>7}" for f in FREQS))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("audiogram", help="audiogram JSON exported from the booth")
    ap.add_argument("--family", required=True, help="device family, e.g. ric-312, bte-power")
    ap.add_argument("--presets", default=PRESET_PATH)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        library = PresetLibrary(args.presets).load()
        preset = library.get(args.family)
        ref, thresholds = read_audiogram(args.audiogram)
    except (OSError, ValueError, KeyError, yaml.YAMLError) as exc:
        LOG.error("%s", exc)
        return 1

    targets = build_targets(preset, thresholds)
    if args.json:
        json.dump({"patient_ref": ref, "preset": preset.name, "targets": targets}, sys.stdout, indent=2)
        print()
    else:
        print_table(ref, preset.name, targets)
    return 0


if __name__ == "__main__":
    sys.exit(main())
