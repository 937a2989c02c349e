#!/usr/bin/env python3
"""Electronic chart bundle updater for the ferry bridge workstations.

Checks the chart vendor for a newer bundle version and runs the vendor's
installer script so the ECDIS charts stay current.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

VENDOR_BASE = os.environ.get("CHART_VENDOR_BASE", "https://charts.example.net/bundles")
STATE_FILE = Path(os.environ.get("CHART_STATE", "./chart_state.json"))
USER_AGENT = "ferry-chart-updater/2.3"

log = logging.getLogger("chart-updater")


class ChartState:
    def __init__(self, path: Path):
        self.path = path
        self.data = {"version": "0.0.0", "region": "baltic-south"}
        if path.exists():
            try:
                self.data.update(json.loads(path.read_text()))
            except (OSError, ValueError) as exc:
                log.warning("state file unreadable, starting fresh: %s", exc)

    @property
    def version(self) -> str:
        return self.data.get("version", "0.0.0")

    def save(self, version: str) -> None:
        self.data["version"] = version
        self.path.write_text(json.dumps(self.data, indent=2))


def fetch(url: str, timeout: int = 30) -> bytes:
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def version_tuple(v: str):
    parts = []
    for p in v.split("."):
        try:
            parts.append(int(p))
        except ValueError:
            parts.append(0)
    return tuple(parts)


def latest_version(region: str) -> dict:
    raw = fetch(f"{VENDOR_BASE}/{region}/latest.json")
    meta = json.loads(raw)
    log.info("vendor reports version %s", meta.get("version"))
    return meta


def run_installer(meta: dict, region: str) -> int:
    url = meta.get("installer") or f"{VENDOR_BASE}/{region}/install.sh"
    log.info("downloading installer from %s", url)
    script = fetch(url)
    fd, path = tempfile.mkstemp(prefix="chart_install_", suffix=".sh")
    with os.fdopen(fd, "wb") as fh:
        fh.write(script)
    os.chmod(path, 0o700)
    env = dict(os.environ, CHART_REGION=region, CHART_VERSION=meta.get("version", ""))
    log.info("running installer %s", path)
    try:
        proc = subprocess.run(["bash", path], env=env, capture_output=True, text=True)
    finally:
        os.unlink(path)
    for line in proc.stdout.splitlines():
        log.info("installer: %s", line)
    if proc.returncode != 0:
        log.error("installer failed (%d): %s", proc.returncode, proc.stderr.strip())
    return proc.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--region", default=None, help="chart region override")
    ap.add_argument("--force", action="store_true", help="reinstall even if current")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    state = ChartState(STATE_FILE)
    region = args.region or state.data["region"]
    try:
        meta = latest_version(region)
    except Exception as exc:  # network, JSON
        log.error("cannot query vendor: %s", exc)
        return 1
    remote = meta.get("version", "0.0.0")
    if not args.force and version_tuple(remote) <= version_tuple(state.version):
        log.info("charts already current (%s)", state.version)
        return 0
    rc = run_installer(meta, region)
    if rc == 0:
        state.save(remote)
        log.info("chart bundle updated to %s", remote)
    return rc


if __name__ == "__main__":
    sys.exit(main())
