#!/usr/bin/env python3
"""Keeps the LIMS lab-report plugin up to date on the lab machines.

Checks the plugin version advertised by the update server, and when it is
newer than the locally recorded one, fetches the vendor's install script
and runs it.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("lims-updater")

UPDATE_BASE = "http://updates.example.org/lims"
STATE_FILE = Path("lims_plugin_state.json")


class UpdateError(Exception):
    pass


class PluginUpdater:
    def __init__(self, base_url, state_file, channel, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.state_file = state_file
        self.channel = channel
        self.timeout = timeout

    def local_version(self):
        if not self.state_file.exists():
            return "0.0.0"
        try:
            return json.loads(self.state_file.read_text()).get("version", "0.0.0")
        except (OSError, ValueError) as exc:
            LOG.warning("state file unreadable (%s); assuming fresh install", exc)
            return "0.0.0"

    def remote_manifest(self):
        url = f"{self.base_url}/{self.channel}/manifest.json"
        try:
            with urllib.request.urlopen(url, timeout=self.timeout) as resp:
                return json.loads(resp.read().decode())
        except (urllib.error.URLError, ValueError) as exc:
            raise UpdateError(f"manifest fetch failed: {exc}") from exc

    @staticmethod
    def newer(remote, local):
        def parts(v):
            return [int(x) for x in v.split(".") if x.isdigit()]
        return parts(remote) > parts(local)

    def fetch_installer(self, manifest):
        script_name = manifest.get("installer", "plugin-install.sh")
        url = f"{self.base_url}/{self.channel}/{script_name}"
        LOG.info("downloading installer %s", url)
        try:
            with urllib.request.urlopen(url, timeout=self.timeout) as resp:
                body = resp.read()
        except urllib.error.URLError as exc:
            raise UpdateError(f"installer download failed: {exc}") from exc
        fd, path = tempfile.mkstemp(prefix="lims-install-", suffix=".sh")
        with os.fdopen(fd, "wb") as fh:
            fh.write(body)
        os.chmod(path, 0o700)
        return path

    def run_installer(self, path, version):
        env = dict(os.environ, LIMS_PLUGIN_VERSION=version,
                   LIMS_CHANNEL=self.channel)
        LOG.info("running installer for version %s", version)
        result = subprocess.run(["bash", path], env=env,
                                capture_output=True, text=True)
        for line in result.stdout.splitlines():
            LOG.info("installer: %s", line)
        if result.returncode != 0:
            LOG.error("installer stderr: %s", result.stderr.strip())
            raise UpdateError(f"installer exited {result.returncode}")

    def record(self, version):
        self.state_file.write_text(json.dumps({"version": version,
                                               "channel": self.channel}))

    def update(self, force=False):
        local = self.local_version()
        manifest = self.remote_manifest()
        remote = manifest.get("version", "0.0.0")
        LOG.info("local %s, remote %s", local, remote)
        if not force and not self.newer(remote, local):
            LOG.info("plugin is current")
            return False
        path = self.fetch_installer(manifest)
        try:
            self.run_installer(path, remote)
        finally:
            os.unlink(path)
        self.record(remote)
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--base-url", default=os.environ.get("LIMS_UPDATE_URL", UPDATE_BASE))
    ap.add_argument("--channel", default="stable", choices=["stable", "beta"])
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--state", type=Path, default=STATE_FILE)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    updater = PluginUpdater(args.base_url, args.state, args.channel)
    try:
        changed = updater.update(force=args.force)
    except UpdateError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("done (%s)", "updated" if changed else "no change")
    return 0


if __name__ == "__main__":
    sys.exit(main())
