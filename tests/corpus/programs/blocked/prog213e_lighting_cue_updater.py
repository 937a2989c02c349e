#!/usr/bin/env python3
"""lighting_cue_updater.py

Keeps the lighting desks' cue-pack helper up to date. Checks the vendor's
update manifest and, when a newer cue pack is listed, fetches the installer
the manifest points at and runs it so the desks pick up the new fixtures.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

MANIFEST_URL = "https://updates.example.net/lighting/manifest.json"
DEFAULT_INSTALLER = "https://updates.example.net/lighting/install_cues.sh"
STATE_FILE = Path("./cue_updater_state.json")

log = logging.getLogger("cue-updater")


def parse_version(text):
    parts = []
    for piece in str(text).split("."):
        try:
            parts.append(int(piece))
        except ValueError:
            parts.append(0)
    return tuple(parts)


class CueUpdater:
    def __init__(self, manifest_url, stage, timeout=15):
        self.manifest_url = manifest_url
        self.stage = stage
        self.timeout = timeout
        self.state = self._load_state()

    def _load_state(self):
        if STATE_FILE.exists():
            try:
                return json.loads(STATE_FILE.read_text())
            except json.JSONDecodeError:
                log.warning("state file corrupt, starting fresh")
        return {"installed": "0.0.0", "history": []}

    def _save_state(self):
        STATE_FILE.write_text(json.dumps(self.state, indent=2))

    def fetch(self, url):
        log.debug("GET %s", url)
        with urllib.request.urlopen(url, timeout=self.timeout) as resp:
            return resp.read().decode("utf-8")

    def manifest(self):
        data = json.loads(self.fetch(self.manifest_url))
        entry = data.get("stages", {}).get(self.stage) or data.get("default", {})
        return {
            "version": entry.get("version", "0.0.0"),
            "installer": entry.get("installer", DEFAULT_INSTALLER),
            "notes": entry.get("notes", ""),
        }

    def needs_update(self, remote_version):
        return parse_version(remote_version) > parse_version(self.state["installed"])

    def install(self, installer_url, version):
        script = self.fetch(installer_url)
        log.info("running installer for %s (%d bytes)", version, len(script))
        env = dict(os.environ)
        env["CUE_STAGE"] = self.stage
        env["CUE_VERSION"] = version
        result = subprocess.run(["bash", "-c", script], env=env,
                                capture_output=True, text=True)
        for line in result.stdout.splitlines():
            log.info("installer: %s", line)
        if result.returncode != 0:
            log.error("installer failed (%d): %s", result.returncode,
                      result.stderr.strip()[-400:])
            return False
        self.state["installed"] = version
        self.state["history"].append({"version": version, "url": installer_url})
        self._save_state()
        return True


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stage", default=os.environ.get("FEST_STAGE", "main"))
    parser.add_argument("--manifest", default=MANIFEST_URL)
    parser.add_argument("--force", action="store_true",
                        help="reinstall even if the version matches")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    updater = CueUpdater(args.manifest, args.stage)
    try:
        info = updater.manifest()
    except (urllib.error.URLError, json.JSONDecodeError, OSError) as exc:
        log.error("could not read manifest: %s", exc)
        return 1

    log.info("stage %s: installed %s, available %s", args.stage,
             updater.state["installed"], info["version"])
    if info["notes"]:
        log.info("release notes: %s", info["notes"])

    if not (args.force or updater.needs_update(info["version"])):
        log.info("cue pack already current")
        return 0

    try:
        ok = updater.install(info["installer"], info["version"])
    except urllib.error.URLError as exc:
        log.error("could not download installer: %s", exc)
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
