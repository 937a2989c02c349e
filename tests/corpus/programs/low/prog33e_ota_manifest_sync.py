#!/usr/bin/env python3
"""Check an OTA channel for newer firmware and mirror the image locally.

Fetches the channel manifest (JSON) from the update server, compares the
advertised version with the one recorded in ./downloads/current.json and, if
newer, downloads the image into ./downloads, verifying its SHA-256.  Images
are stored for later flashing by the release engineer; nothing is executed.
"""
import argparse
import configparser
import hashlib
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path
from urllib.error import URLError

log = logging.getLogger("ota-sync")

CHUNK = 1 << 16


def parse_version(text):
    parts = []
    for piece in text.strip().lstrip("v").split("."):
        num = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(num) if num else 0)
    return tuple(parts)


def http_get_json(url, timeout):
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "ota-sync/1.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def download(url, dest: Path, expected_sha256, timeout):
    digest = hashlib.sha256()
    part = dest.with_suffix(dest.suffix + ".part")
    with urllib.request.urlopen(url, timeout=timeout) as resp, part.open("wb") as out:
        while True:
            chunk = resp.read(CHUNK)
            if not chunk:
                break
            digest.update(chunk)
            out.write(chunk)
    if digest.hexdigest() != expected_sha256.lower():
        part.unlink(missing_ok=True)
        raise ValueError(f"checksum mismatch for {dest.name}")
    part.replace(dest)
    os.chmod(dest, 0o600)
    return dest


def load_state(state_file: Path):
    if state_file.exists():
        return json.loads(state_file.read_text())
    return {"version": "0.0.0"}


def save_state(state_file: Path, state):
    state_file.write_text(json.dumps(state, indent=2))
    os.chmod(state_file, 0o600)


def read_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"ota": {"server": "https://ota.example-devices.io",
                           "channel": "beta", "board": "esp32s3-devkit",
                           "timeout": "20"}})
    if path and Path(path).exists():
        cfg.read(path)
    return cfg["ota"]


def main(argv=None):
    ap = argparse.ArgumentParser(description="mirror newer OTA images")
    ap.add_argument("-c", "--config", default="ota.ini")
    ap.add_argument("--channel")
    ap.add_argument("--out", default="downloads")
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[%(name)s] %(message)s")

    cfg = read_config(args.config)
    channel = args.channel or cfg.get("channel")
    timeout = cfg.getfloat("timeout")
    base = cfg.get("server").rstrip("/")
    manifest_url = f"{base}/channels/{channel}/{cfg.get('board')}/manifest.json"

    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    state_file = out_dir / "current.json"
    state = load_state(state_file)

    try:
        manifest = http_get_json(manifest_url, timeout)
    except (URLError, json.JSONDecodeError) as exc:
        log.error("cannot read manifest %s: %s", manifest_url, exc)
        return 1

    latest = manifest.get("version", "0")
    if parse_version(latest) <= parse_version(state["version"]):
        log.info("up to date (%s)", state["version"])
        return 0
    log.info("new firmware %s available (have %s)", latest, state["version"])
    if args.check_only:
        return 10

    for image in manifest.get("images", []):
        name = Path(image["file"]).name
        url = image.get("url") or f"{base}/images/{name}"
        try:
            download(url, out_dir / name, image["sha256"], timeout)
        except (URLError, ValueError, KeyError) as exc:
            log.error("failed to fetch %s: %s", name, exc)
            return 1
        log.info("stored %s", out_dir / name)

    state.update(version=latest, channel=channel,
                 images=[Path(i["file"]).name for i in manifest.get("images", [])])
    save_state(state_file, state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
