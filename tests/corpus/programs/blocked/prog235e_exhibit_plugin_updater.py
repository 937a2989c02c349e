#!/usr/bin/env python3
"""Exhibit plugin updater.

Pulls the plugin manifest for the interactive exhibit kiosks from the vendor
update server, downloads each listed post-install hook and runs it so new
exhibit plugins are activated without a technician visiting the floor.
"""
import argparse
import json
import logging
import os
import stat
import subprocess
import sys
import tempfile
import urllib.request

DEFAULT_MANIFEST = "https://updates.example.com/kiosk/plugins/manifest.json"
STATE_FILE = "plugin_state.json"

log = logging.getLogger("plugin-updater")


class PluginState:
    """Remembers which plugin versions were already installed."""

    def __init__(self, path):
        self.path = path
        self.versions = {}
        if os.path.exists(path):
            try:
                with open(path) as fh:
                    self.versions = json.load(fh)
            except (OSError, ValueError) as exc:
                log.warning("state file unreadable (%s), starting fresh", exc)

    def needs(self, name, version):
        return self.versions.get(name) != version

    def mark(self, name, version):
        self.versions[name] = version

    def save(self):
        with open(self.path, "w") as fh:
            json.dump(self.versions, fh, indent=2)


def fetch(url, timeout):
    log.debug("GET %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def run_hook(name, script_bytes, exhibit):
    """Write the downloaded hook to a temp script and execute it."""
    fd, path = tempfile.mkstemp(prefix="hook-%s-" % name, suffix=".sh")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(script_bytes)
        os.chmod(path, stat.S_IRWXU)
        env = dict(os.environ, EXHIBIT_NAME=exhibit, PLUGIN_NAME=name)
        result = subprocess.run(["bash", path], env=env,
                                capture_output=True, text=True, timeout=600)
        if result.returncode != 0:
            log.error("hook %s failed: %s", name, result.stderr.strip())
            return False
        log.info("hook %s output: %s", name, result.stdout.strip()[:200])
        return True
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--manifest", default=os.environ.get("PLUGIN_MANIFEST", DEFAULT_MANIFEST))
    p.add_argument("--exhibit", default=os.environ.get("EXHIBIT_NAME", "hall-b-planetarium"))
    p.add_argument("--timeout", type=int, default=20)
    p.add_argument("--force", action="store_true", help="rerun hooks even if up to date")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    state = PluginState(STATE_FILE)

    try:
        manifest = json.loads(fetch(args.manifest, args.timeout))
    except Exception as exc:  # network or JSON problems
        log.error("could not load manifest: %s", exc)
        return 1

    failures = 0
    for plugin in manifest.get("plugins", []):
        name = plugin.get("name")
        version = plugin.get("version")
        hook_url = plugin.get("hook_url")
        if not (name and version and hook_url):
            log.warning("skipping malformed entry %r", plugin)
            continue
        if not args.force and not state.needs(name, version):
            log.info("%s %s already installed", name, version)
            continue
        try:
            script = fetch(hook_url, args.timeout)
        except Exception as exc:
            log.error("download of %s failed: %s", hook_url, exc)
            failures += 1
            continue
        if run_hook(name, script, args.exhibit):
            state.mark(name, version)
        else:
            failures += 1

    state.save()
    log.info("update finished with %d failure(s)", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
