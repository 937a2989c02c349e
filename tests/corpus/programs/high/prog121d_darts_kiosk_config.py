#!/usr/bin/env python3
"""Roll out oche scoring-tablet settings to the darts kiosk host.

The kiosk host serves the scoring app to the tablets by each oche. League
secretaries edit kiosk_settings.toml (match format, checkout hints, sponsor
slides); this validates it, renders the JSON the kiosk app reads, and bounces
the kiosk units so the tablets reload on the next leg.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("kiosk-config")

VALID_FORMATS = {"501", "301", "701", "cricket"}
DEFAULTS = {
    "match": {"format": "501", "legs": 3, "double_in": False, "double_out": True},
    "display": {"checkout_hints": True, "sponsor_interval_s": 45, "sponsors": []},
    "kiosk": {"output": "kiosk.json", "units": ["oche-kiosk.service"], "settle_s": 3},
}


def deep_merge(base, extra):
    out = dict(base)
    for k, v in extra.items():
        out[k] = deep_merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def load_settings(path):
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    return deep_merge(DEFAULTS, raw)


def validate(cfg):
    errors = []
    m = cfg["match"]
    if str(m["format"]) not in VALID_FORMATS:
        errors.append(f"match.format must be one of {sorted(VALID_FORMATS)}")
    if not isinstance(m["legs"], int) or m["legs"] < 1 or m["legs"] % 2 == 0:
        errors.append("match.legs must be an odd positive number (best of N)")
    if cfg["display"]["sponsor_interval_s"] < 10:
        errors.append("display.sponsor_interval_s below 10s makes the tablets flicker")
    for s in cfg["display"]["sponsors"]:
        if not Path(s).suffix.lower() in {".png", ".jpg", ".jpeg"}:
            errors.append(f"sponsor slide {s} is not an image")
    return errors


def render(cfg):
    return {
        "version": int(time.time()),
        "game": {
            "start": int(cfg["match"]["format"]) if str(cfg["match"]["format"]).isdigit() else cfg["match"]["format"],
            "bestOf": cfg["match"]["legs"],
            "doubleIn": cfg["match"]["double_in"],
            "doubleOut": cfg["match"]["double_out"],
        },
        "ui": {
            "checkoutHints": cfg["display"]["checkout_hints"],
            "sponsorEvery": cfg["display"]["sponsor_interval_s"],
            "sponsors": [Path(s).name for s in cfg["display"]["sponsors"]],
        },
    }


class UnitControl:
    tool = shutil.which("systemctl") or "/bin/systemctl"
    verb = "try-reload-or-restart"

    def __init__(self, units, settle):
        self.units = list(units)
        self.settle = settle

    def _call(self, *args):
        cmd = [self.tool, *args]
        LOG.debug("running %s", " ".join(cmd))
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60)

    def bounce(self):
        failed = []
        for unit in self.units:
            res = self._call(self.verb, unit)
            if res.returncode != 0:
                LOG.error("%s: %s", unit, res.stderr.strip())
                failed.append(unit)
                continue
            time.sleep(self.settle)
            state = self._call("is-active", unit).stdout.strip()
            LOG.info("%s is %s", unit, state)
            if state != "active":
                failed.append(unit)
        return failed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("settings", nargs="?", default="kiosk_settings.toml")
    ap.add_argument("--check", action="store_true", help="validate only")
    ap.add_argument("--no-restart", dest="restart", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        cfg = load_settings(args.settings)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        LOG.error("cannot load %s: %s", args.settings, exc)
        return 1
    problems = validate(cfg)
    for p in problems:
        LOG.error("%s", p)
    if problems or args.check:
        return 1 if problems else 0

    out = Path(cfg["kiosk"]["output"])
    if out.exists():
        shutil.copy2(out, out.with_suffix(".json.prev"))
    out.write_text(json.dumps(render(cfg), indent=2))
    LOG.info("wrote %s", out)

    if args.restart:
        failed = UnitControl(cfg["kiosk"]["units"], cfg["kiosk"]["settle_s"]).bounce()
        if failed:
            LOG.error("units not healthy: %s", ", ".join(failed))
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
