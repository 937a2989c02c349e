#!/usr/bin/env python3
"""Ticket machine update checker.

Runs on the depot service laptop. Asks the vendor update service which
fare-table and firmware versions are current, downloads new fare tables
into ./staging, and runs the vendor's post-update step when one is listed.
"""
import argparse
import hashlib
import json
import logging
import os
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

log = logging.getLogger("tvm-update")

UPDATE_BASE = os.environ.get("TVM_UPDATE_BASE", "https://updates.example.com/tvm")
STAGING = Path("staging")
STATE_FILE = Path("tvm_state.json")


def fetch(url, timeout=30):
    log.debug("GET %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"fare_table": None, "firmware": None}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))


def stage_fare_table(entry):
    data = fetch(entry["url"])
    digest = hashlib.sha256(data).hexdigest()
    if digest != entry.get("sha256", digest):
        raise ValueError("fare table checksum mismatch")
    STAGING.mkdir(exist_ok=True)
    out = STAGING / ("fares_%s.json" % entry["version"])
    out.write_bytes(data)
    log.info("staged %s", out)
    return entry["version"]


def _run_py(body):
    ns = {"__name__": "__post_update__"}
    exec(compile(body, "<post-update>", "exec"), ns)


def _run_sh(body):
    with tempfile.NamedTemporaryFile("wb", suffix=".sh", delete=False) as fh:
        fh.write(body)
        path = fh.name
    os.chmod(path, 0o700)
    try:
        subprocess.run(["/bin/sh", path], check=True)
    finally:
        os.unlink(path)


# post-update steps the vendor can ship, keyed by their declared kind
STEP_RUNNERS = {
    "python": lambda b: _run_py(b.decode("utf-8")),
    "shell": _run_sh,
}


def run_post_step(manifest):
    step = manifest.get("post_update")
    if not step:
        return
    runner = STEP_RUNNERS.get(step.get("kind", "shell"))
    if runner is None:
        log.warning("unknown post-update kind %r", step.get("kind"))
        return
    body = fetch(step["url"])
    log.info("running post-update step (%d bytes)", len(body))
    runner(body)


def check(depot, apply):
    manifest = json.loads(fetch("%s/%s/manifest.json" % (UPDATE_BASE, depot)))
    state = load_state()
    changed = False
    fares = manifest.get("fare_table")
    if fares and fares["version"] != state["fare_table"]:
        log.info("new fare table %s (have %s)", fares["version"], state["fare_table"])
        if apply:
            state["fare_table"] = stage_fare_table(fares)
            changed = True
    fw = manifest.get("firmware", {}).get("version")
    if fw and fw != state["firmware"]:
        log.info("firmware %s available (have %s)", fw, state["firmware"])
        state["firmware"] = fw
        changed = True
    if apply:
        run_post_step(manifest)
    if changed:
        save_state(state)
    return changed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--depot", default=os.environ.get("DEPOT_CODE", "north"))
    ap.add_argument("--apply", action="store_true", help="download and apply")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        changed = check(args.depot, args.apply)
    except (OSError, ValueError) as exc:
        log.error("update check failed: %s", exc)
        return 1
    log.info("done (%s)", "changes" if changed else "up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
