#!/usr/bin/env python3
"""Crew scheduling plugin updater.

Checks the vendor update server for new versions of the roster-optimiser
plugins, downloads their install scripts and runs them so the duty desk
always has current legality rules.
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

UPDATE_BASE = "https://updates.example.net/crewsched"
STATE_FILE = "plugin_versions.json"

log = logging.getLogger("plugin_updater")


class PluginUpdater:
    def __init__(self, base_url, state_path, dry_run=False):
        self.base_url = base_url.rstrip("/")
        self.state_path = state_path
        self.dry_run = dry_run
        self.installed = self._load_state()

    def _load_state(self):
        try:
            with open(self.state_path) as fh:
                return json.load(fh)
        except FileNotFoundError:
            return {}
        except ValueError:
            log.warning("state file corrupt, starting fresh")
            return {}

    def _save_state(self):
        with open(self.state_path, "w") as fh:
            json.dump(self.installed, fh, indent=2, sort_keys=True)

    def fetch_manifest(self):
        url = f"{self.base_url}/manifest.json"
        log.info("fetching manifest %s", url)
        with urllib.request.urlopen(url, timeout=20) as resp:
            return json.load(resp)

    def download(self, url):
        log.info("downloading %s", url)
        with urllib.request.urlopen(url, timeout=60) as resp:
            return resp.read()

    def install(self, name, version, script_body):
        fd, path = tempfile.mkstemp(prefix=f"{name}-", suffix=".sh")
        with os.fdopen(fd, "wb") as fh:
            fh.write(script_body)
        os.chmod(path, 0o700)
        env = dict(os.environ, PLUGIN_NAME=name, PLUGIN_VERSION=version)
        log.info("running installer for %s %s", name, version)
        try:
            result = subprocess.run(["bash", path], env=env,
                                    capture_output=True, text=True, timeout=600)
        finally:
            os.unlink(path)
        if result.returncode != 0:
            log.error("installer for %s failed: %s", name, result.stderr.strip())
            return False
        log.debug("installer output: %s", result.stdout.strip())
        return True

    def run(self, only=None):
        manifest = self.fetch_manifest()
        updated = 0
        for plugin in manifest.get("plugins", []):
            name = plugin.get("name")
            version = plugin.get("version")
            if not name or not version:
                continue
            if only and name not in only:
                continue
            if self.installed.get(name) == version:
                log.info("%s already at %s", name, version)
                continue
            script_url = plugin.get("install_script") or \
                f"{self.base_url}/plugins/{name}/{version}/install.sh"
            if self.dry_run:
                log.info("would install %s %s from %s", name, version, script_url)
                continue
            body = self.download(script_url)
            if self.install(name, version, body):
                self.installed[name] = version
                updated += 1
        if not self.dry_run:
            self._save_state()
        return updated


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--base-url", default=UPDATE_BASE)
    p.add_argument("--state", default=STATE_FILE)
    p.add_argument("--only", nargs="*", help="limit to these plugins")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    updater = PluginUpdater(args.base_url, args.state, args.dry_run)
    try:
        count = updater.run(set(args.only) if args.only else None)
    except urllib.error.URLError as exc:
        log.error("update server unreachable: %s", exc)
        return 1
    log.info("%d plugin(s) updated", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
