#!/usr/bin/env python3
"""siren_firmware_sync.py - keep the outdoor siren controllers up to date.

The siren vendor publishes an update script for the controller gateway.
This tool checks the published version, fetches the script when there is a
newer one, and runs it so the on-call officer does not have to.
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

DEFAULT_BASE = "https://firmware.example.com/siren"
STATE_FILE = "siren_firmware_state.json"

log = logging.getLogger("siren_sync")


class FirmwareState:
    """Remembers the last version that was applied on this station."""

    def __init__(self, path):
        self.path = path
        self.data = {"applied_version": "0.0.0", "history": []}
        if os.path.exists(path):
            try:
                with open(path, "r", encoding="utf-8") as fh:
                    self.data.update(json.load(fh))
            except (OSError, ValueError) as exc:
                log.warning("state file unreadable, starting fresh: %s", exc)

    @property
    def applied(self):
        return self.data["applied_version"]

    def record(self, version, rc):
        self.data["history"].append({"version": version, "rc": rc})
        if rc == 0:
            self.data["applied_version"] = version
        with open(self.path, "w", encoding="utf-8") as fh:
            json.dump(self.data, fh, indent=2)


def version_tuple(text):
    parts = []
    for piece in text.strip().split("."):
        try:
            parts.append(int(piece))
        except ValueError:
            parts.append(0)
    return tuple(parts)


def fetch(url, timeout):
    log.debug("GET %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def run_update(script_bytes, station, dry_run):
    """Write the vendor script to a temp file and execute it with bash."""
    fd, path = tempfile.mkstemp(prefix="siren_update_", suffix=".sh")
    with os.fdopen(fd, "wb") as fh:
        fh.write(script_bytes)
    os.chmod(path, 0o700)
    log.info("update script staged at %s (%d bytes)", path, len(script_bytes))
    if dry_run:
        log.info("dry run: not executing")
        return 0
    env = dict(os.environ, SIREN_STATION=station)
    try:
        proc = subprocess.run(["bash", path], env=env, timeout=900)
        return proc.returncode
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--base-url", default=os.environ.get("SIREN_FW_BASE", DEFAULT_BASE))
    ap.add_argument("--station", default=os.environ.get("STATION_ID", "station-1"))
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--force", action="store_true", help="apply even if not newer")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    state = FirmwareState(STATE_FILE)
    try:
        latest = fetch(args.base_url + "/LATEST", args.timeout).decode().strip()
    except (urllib.error.URLError, OSError) as exc:
        log.error("cannot reach firmware server: %s", exc)
        return 1

    log.info("applied=%s published=%s", state.applied, latest)
    if not args.force and version_tuple(latest) <= version_tuple(state.applied):
        log.info("siren controllers already current")
        return 0

    try:
        script = fetch("%s/%s/update.sh" % (args.base_url, latest), args.timeout)
    except (urllib.error.URLError, OSError) as exc:
        log.error("download failed: %s", exc)
        return 1

    rc = run_update(script, args.station, args.dry_run)
    if not args.dry_run:
        state.record(latest, rc)
    if rc != 0:
        log.error("update script exited with %d", rc)
        return rc
    log.info("siren firmware %s applied", latest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
