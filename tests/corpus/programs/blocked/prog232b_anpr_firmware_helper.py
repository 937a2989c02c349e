#!/usr/bin/env python3
"""anpr_firmware_helper.py - keep the ANPR camera helper tools current.

Checks the vendor's update manifest for the number-plate cameras on the
weighbridge lanes, and when a newer helper bundle is listed it fetches the
installer script and runs it on this PC.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import urllib.request
from dataclasses import dataclass

LOG = logging.getLogger("anpr_fw")
DEFAULT_MANIFEST = "https://updates.example.com/anpr/manifest.json"
STATE_FILE = "anpr_helper_state.json"


@dataclass
class Release:
    version: str
    installer_url: str
    notes: str = ""

    @classmethod
    def from_dict(cls, data):
        return cls(
            version=str(data["version"]),
            installer_url=data["installer"],
            notes=data.get("notes", ""),
        )


def version_tuple(v):
    parts = []
    for piece in v.split("."):
        try:
            parts.append(int(piece))
        except ValueError:
            parts.append(0)
    return tuple(parts)


def load_state(path):
    if not os.path.exists(path):
        return {"installed": "0.0.0"}
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        LOG.warning("state file unreadable (%s), starting fresh", exc)
        return {"installed": "0.0.0"}


def save_state(path, state):
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(state, fh, indent=2)


def fetch(url, timeout):
    LOG.info("fetching %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def latest_release(manifest_url, lane, timeout):
    raw = fetch(manifest_url, timeout)
    manifest = json.loads(raw.decode("utf-8"))
    releases = manifest.get("lanes", {}).get(lane) or manifest.get("default")
    if not releases:
        raise RuntimeError("manifest has no release for lane %s" % lane)
    return Release.from_dict(releases)


def run_installer(release, timeout, lane):
    body = fetch(release.installer_url, timeout)
    with tempfile.NamedTemporaryFile("wb", suffix=".sh", delete=False) as tmp:
        tmp.write(body)
        script_path = tmp.name
    os.chmod(script_path, 0o700)
    env = dict(os.environ, ANPR_LANE=lane, ANPR_VERSION=release.version)
    LOG.info("running installer %s for version %s", script_path, release.version)
    try:
        result = subprocess.run(
            ["bash", "-c", 'bash "$0"', script_path],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
    finally:
        os.unlink(script_path)
    for line in result.stdout.splitlines():
        LOG.info("installer: %s", line)
    if result.returncode != 0:
        LOG.error("installer failed (%d): %s", result.returncode, result.stderr.strip())
        return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--manifest", default=os.environ.get("ANPR_MANIFEST", DEFAULT_MANIFEST))
    ap.add_argument("--lane", default="lane1", help="weighbridge lane (lane1, lane2)")
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--state", default=STATE_FILE)
    ap.add_argument("--force", action="store_true", help="reinstall even if current")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    state = load_state(args.state)
    try:
        release = latest_release(args.manifest, args.lane, args.timeout)
    except Exception as exc:  # network or manifest problems
        LOG.error("could not read manifest: %s", exc)
        return 1

    current = state.get("installed", "0.0.0")
    if not args.force and version_tuple(release.version) <= version_tuple(current):
        LOG.info("helper %s already current (latest %s)", current, release.version)
        return 0

    LOG.info("updating helper %s -> %s %s", current, release.version, release.notes)
    if not run_installer(release, args.timeout, args.lane):
        return 2
    state["installed"] = release.version
    save_state(args.state, state)
    LOG.info("update complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
