#!/usr/bin/env python3
"""Door-lock firmware updater for the key-card encoder station.

Asks the lock vendor's update service which installer applies to the given
lock model, downloads that installer and runs it so the encoder can push the
new firmware to the locks during the next walk-round.
"""
import argparse
import json
import logging
import os
import stat
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

LOG = logging.getLogger("lockfw")
UPDATE_BASE = "https://firmware.example.com/locks"
DEFAULT_MODELS = ("rf-classic", "rf-slim", "ble-mortise")


class UpdateError(Exception):
    pass


class FirmwareChannel:
    def __init__(self, base, model, channel, timeout=20):
        self.base = base.rstrip("/")
        self.model = model
        self.channel = channel
        self.timeout = timeout

    def manifest_url(self):
        return f"{self.base}/{self.model}/{self.channel}/manifest.json"

    def fetch_manifest(self):
        url = self.manifest_url()
        LOG.info("checking %s", url)
        try:
            with urllib.request.urlopen(url, timeout=self.timeout) as resp:
                return json.load(resp)
        except (urllib.error.URLError, ValueError) as exc:
            raise UpdateError(f"manifest unavailable: {exc}") from exc

    def download_installer(self, manifest):
        url = manifest.get("installer") or f"{self.base}/{self.model}/install.sh"
        LOG.info("downloading installer %s", url)
        try:
            with urllib.request.urlopen(url, timeout=self.timeout) as resp:
                body = resp.read()
        except urllib.error.URLError as exc:
            raise UpdateError(f"download failed: {exc}") from exc
        fd, path = tempfile.mkstemp(prefix="lockfw-", suffix=".sh")
        with os.fdopen(fd, "wb") as fh:
            fh.write(body)
        os.chmod(path, stat.S_IRWXU)
        return path


def run_installer(path, model, encoder_port, version):
    env = dict(os.environ,
               LOCK_MODEL=model,
               ENCODER_PORT=encoder_port,
               FW_VERSION=str(version))
    LOG.info("running installer for %s (version %s)", model, version)
    proc = subprocess.run(["bash", path], env=env, capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        LOG.info("installer: %s", line)
    if proc.returncode != 0:
        raise UpdateError(f"installer exited {proc.returncode}: {proc.stderr.strip()}")


def current_version(state_file, model):
    try:
        with open(state_file) as fh:
            return json.load(fh).get(model)
    except (OSError, ValueError):
        return None


def record_version(state_file, model, version):
    state = {}
    if os.path.exists(state_file):
        with open(state_file) as fh:
            state = json.load(fh)
    state[model] = version
    with open(state_file, "w") as fh:
        json.dump(state, fh, indent=2)


def main():
    parser = argparse.ArgumentParser(description="update door-lock firmware")
    parser.add_argument("models", nargs="*", default=list(DEFAULT_MODELS))
    parser.add_argument("--channel", default="stable", choices=["stable", "beta"])
    parser.add_argument("--encoder-port", default="/dev/ttyUSB0")
    parser.add_argument("--state", default="./lockfw_state.json")
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    failures = 0
    for model in args.models:
        chan = FirmwareChannel(UPDATE_BASE, model, args.channel)
        try:
            manifest = chan.fetch_manifest()
            version = manifest.get("version")
            if not args.force and version == current_version(args.state, model):
                LOG.info("%s already at %s", model, version)
                continue
            path = chan.download_installer(manifest)
            try:
                run_installer(path, model, args.encoder_port, version)
            finally:
                os.unlink(path)
            record_version(args.state, model, version)
        except UpdateError as exc:
            LOG.error("%s: %s", model, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
