#!/usr/bin/env python3
"""Apply the PACS vendor's hotfix bundle to this gateway.

The vendor publishes a shell hotfix for known issues with the DICOM router.
This tool checks the current router version, pulls the hotfix script and
runs it, then records what happened in ./hotfix_history.json.
"""
import argparse
import datetime as dt
import json
import logging
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

LOG = logging.getLogger("hotfix")
HOTFIX_URL = "http://updates.example.org/pacs/router/hotfix-latest.sh"
HISTORY = "hotfix_history.json"


class HotfixRun:
    def __init__(self, url):
        self.url = url
        self.started = dt.datetime.now().isoformat(timespec="seconds")
        self.script_path = None
        self.returncode = None
        self.output_tail = ""

    def as_dict(self):
        return {
            "url": self.url,
            "started": self.started,
            "returncode": self.returncode,
            "output_tail": self.output_tail,
        }


def router_version():
    try:
        out = subprocess.run(["bash", "-c", "dcmqrscp --version 2>&1 | head -n1"],
                             capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def fetch_script(url, timeout):
    LOG.info("downloading hotfix from %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        if resp.status != 200:
            raise RuntimeError(f"unexpected HTTP status {resp.status}")
        return resp.read()


def stage_script(data):
    fd, path = tempfile.mkstemp(prefix="pacs_hotfix_", suffix=".sh")
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.chmod(path, 0o700)
    LOG.debug("staged hotfix at %s (%d bytes)", path, len(data))
    return path


def run_script(run, path, version):
    env = dict(os.environ, PACS_ROUTER_VERSION=version, HOTFIX_MODE="apply")
    proc = subprocess.run(["bash", path], env=env, capture_output=True, text=True)
    run.returncode = proc.returncode
    run.output_tail = (proc.stdout + proc.stderr)[-2000:]
    if proc.returncode != 0:
        LOG.error("hotfix exited %d", proc.returncode)
    else:
        LOG.info("hotfix applied")


def save_history(run):
    history = []
    if os.path.exists(HISTORY):
        try:
            with open(HISTORY) as fh:
                history = json.load(fh)
        except (OSError, json.JSONDecodeError) as exc:
            LOG.warning("could not read %s: %s", HISTORY, exc)
    history.append(run.as_dict())
    with open(HISTORY, "w") as fh:
        json.dump(history, fh, indent=2)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=HOTFIX_URL)
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--keep", action="store_true", help="keep the staged script")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    version = router_version()
    LOG.info("router version: %s", version)
    run = HotfixRun(args.url)
    try:
        data = fetch_script(args.url, args.timeout)
    except (urllib.error.URLError, RuntimeError) as exc:
        LOG.error("download failed: %s", exc)
        return 2

    path = stage_script(data)
    run.script_path = path
    try:
        run_script(run, path, version)
    finally:
        if not args.keep:
            os.unlink(path)
    save_history(run)
    return 0 if run.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
