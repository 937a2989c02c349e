#!/usr/bin/env python3
"""Run the packed maintenance steps that ship inside an ATM kiosk bundle.

The bundle is a JSON file produced by the fleet tooling.  Each step carries
its command in packed form; this runner unpacks the steps, stages them as a
shell script and runs the script, then records the outcome for the
branch maintenance log.
"""

import argparse
import base64
import json
import logging
import os
import subprocess
import sys
import tempfile
from datetime import datetime, timezone

LOG = logging.getLogger("kiosk-maint")

BUILTIN_BUNDLE = {
    "bundle": "kiosk-health-2024.3",
    "steps": [
        {
            "name": "collect-health",
            "packed": "1AibtACbpFGdgwHIsxWdu9idlR2L+IDIsFmbyV3bq9Sb0F2L0B3bvASYs1CIzxGI7wGb152L2VGZv4jMg0Gdh9Cdw92LggWLgYGZgsTZtlGdwVHI7UWbh5Gdz9Ga",
        }
    ],
}


class Step:
    def __init__(self, raw):
        self.name = raw.get("name", "unnamed")
        self.packed = raw.get("packed", "")

    def unpack(self):
        # packed form is base64 written back to front
        data = base64.b64decode(self.packed[::-1])
        return data.decode("utf-8")


class Bundle:
    def __init__(self, path=None):
        if path:
            with open(path, encoding="utf-8") as fh:
                raw = json.load(fh)
            LOG.info("loaded bundle file %s", path)
        else:
            raw = BUILTIN_BUNDLE
            LOG.info("using built-in bundle")
        self.name = raw.get("bundle", "unknown")
        self.steps = [Step(s) for s in raw.get("steps", [])]

    def staged_script(self):
        lines = ["#!/bin/bash", f"# staged from {self.name}", "set +e"]
        for step in self.steps:
            lines.append(f"echo '== {step.name} =='")
            lines.append(step.unpack())
        return "\n".join(lines) + "\n"


def run_staged(script_text, keep=False):
    fd, path = tempfile.mkstemp(prefix="kiosk-maint-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script_text)
    os.chmod(path, 0o700)
    LOG.debug("staged script at %s", path)
    try:
        result = subprocess.run(["bash", path], capture_output=True, text=True,
                                timeout=300)
    finally:
        if not keep:
            os.unlink(path)
    return result


def write_record(bundle, result, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    record = {
        "bundle": bundle.name,
        "finished": stamp,
        "returncode": result.returncode,
        "stdout": result.stdout[-4000:],
        "stderr": result.stderr[-2000:],
    }
    path = os.path.join(out_dir, f"maint-{stamp}.json")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(record, fh, indent=2)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundle", nargs="?", help="bundle JSON (default: built-in)")
    ap.add_argument("--records", default="maint_records")
    ap.add_argument("--keep-script", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        bundle = Bundle(args.bundle)
        script = bundle.staged_script()
    except (OSError, ValueError) as exc:
        LOG.error("bad bundle: %s", exc)
        return 2
    LOG.info("running %d step(s) from %s", len(bundle.steps), bundle.name)
    try:
        result = run_staged(script, keep=args.keep_script)
    except subprocess.TimeoutExpired:
        LOG.error("maintenance steps timed out")
        return 3
    path = write_record(bundle, result, args.records)
    LOG.info("record written to %s (rc=%s)", path, result.returncode)
    return 0 if result.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
