#!/usr/bin/env python3
"""tms_plugin_updater.py - keep the Theatre Management System plugins current.

Checks the vendor manifest for newer plugin builds and runs the vendor's
installer script for every plugin that is out of date.
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

DEFAULT_MANIFEST = "https://updates.example.com/tms/plugins/manifest.json"
STATE_FILE = "tms_plugins_state.json"

log = logging.getLogger("tms_plugin_updater")


class PluginState:
    """Installed plugin versions, kept in a JSON file in the working dir."""

    def __init__(self, path):
        self.path = path
        self.versions = {}

    def load(self):
        if os.path.exists(self.path):
            with open(self.path, "r", encoding="utf-8") as fh:
                self.versions = json.load(fh)
        return self

    def save(self):
        with open(self.path, "w", encoding="utf-8") as fh:
            json.dump(self.versions, fh, indent=2, sort_keys=True)

    def installed(self, name):
        return self.versions.get(name, "0.0.0")

    def mark(self, name, version):
        self.versions[name] = version


def version_tuple(text):
    parts = []
    for piece in text.split("."):
        try:
            parts.append(int(piece))
        except ValueError:
            parts.append(0)
    return tuple(parts)


def fetch(url, timeout):
    log.debug("GET %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def run_installer(plugin, script_body, dry_run):
    """Write the downloaded installer to disk and run it with bash."""
    fd, path = tempfile.mkstemp(prefix="tms_%s_" % plugin["name"], suffix=".sh")
    with os.fdopen(fd, "wb") as fh:
        fh.write(script_body)
    os.chmod(path, stat.S_IRWXU)
    log.info("installer for %s written to %s", plugin["name"], path)
    if dry_run:
        log.info("dry run: not executing %s", path)
        return 0
    env = dict(os.environ)
    env["TMS_PLUGIN_NAME"] = plugin["name"]
    env["TMS_PLUGIN_VERSION"] = plugin["version"]
    try:
        result = subprocess.run(["bash", path], env=env, check=False)
        return result.returncode
    finally:
        os.unlink(path)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--manifest", default=DEFAULT_MANIFEST)
    ap.add_argument("--state", default=STATE_FILE)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--only", action="append", default=[],
                    help="limit to these plugin names")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    state = PluginState(args.state).load()

    try:
        manifest = json.loads(fetch(args.manifest, args.timeout))
    except (urllib.error.URLError, ValueError) as exc:
        log.error("cannot read manifest: %s", exc)
        return 1

    failures = 0
    for plugin in manifest.get("plugins", []):
        name = plugin.get("name")
        if not name or (args.only and name not in args.only):
            continue
        current = state.installed(name)
        if version_tuple(plugin["version"]) <= version_tuple(current):
            log.info("%s is current (%s)", name, current)
            continue
        log.info("updating %s %s -> %s", name, current, plugin["version"])
        try:
            body = fetch(plugin["installer_url"], args.timeout)
        except urllib.error.URLError as exc:
            log.error("download of %s failed: %s", name, exc)
            failures += 1
            continue
        rc = run_installer(plugin, body, args.dry_run)
        if rc == 0:
            state.mark(name, plugin["version"])
        else:
            log.error("installer for %s exited %d", name, rc)
            failures += 1

    state.save()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
