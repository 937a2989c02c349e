#!/usr/bin/env python3
"""emulator_test_runner.py - run the game's instrumented Android tests on an
emulator inside the studio's CI container image.

The emulator needs hardware acceleration, so the container is started in
privileged mode. The run is described by a generated shell script so the
exact command can be attached to the CI log and replayed by hand.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("emu-tests")
IMAGE = "registry.example.com/mobile/android-emulator:34"
RESULTS_DIR = "build/emulator-results"


class EmulatorRun:
    def __init__(self, apk: Path, test_apk: Path, avd: str, shards: int):
        self.apk = apk
        self.test_apk = test_apk
        self.avd = avd
        self.shards = shards

    def container_script(self) -> str:
        """Commands executed inside the container."""
        return "\n".join([
            "set -e",
            f"emulator -avd {shlex.quote(self.avd)} -no-window -no-audio -gpu swiftshader_indirect &",
            "adb wait-for-device",
            "until adb shell getprop sys.boot_completed | grep -q 1; do sleep 2; done",
            f"adb install -r /workspace/{shlex.quote(str(self.apk))}",
            f"adb install -r /workspace/{shlex.quote(str(self.test_apk))}",
            "for i in $(seq 0 $((SHARDS - 1))); do",
            "  adb shell am instrument -w -e numShards $SHARDS -e shardIndex $i "
            "com.example.game.test/androidx.test.runner.AndroidJUnitRunner "
            "| tee /workspace/" + RESULTS_DIR + "/shard-$i.txt",
            "done",
        ])

    def host_script(self, workspace: Path) -> str:
        inner = self.container_script()
        return f"""#!/bin/bash
set -euo pipefail
mkdir -p {shlex.quote(str(workspace / RESULTS_DIR))}
docker run --rm --privileged \\
  -e SHARDS={self.shards} \\
  -v {shlex.quote(str(workspace))}:/workspace \\
  -w /workspace \\
  {IMAGE} \\
  bash -c {shlex.quote(inner)}
"""


def summarise(results: Path) -> dict:
    summary = {"shards": 0, "ok": 0, "failures": 0}
    for f in sorted(results.glob("shard-*.txt")):
        summary["shards"] += 1
        text = f.read_text(errors="replace")
        if "FAILURES!!!" in text or "INSTRUMENTATION_FAILED" in text:
            summary["failures"] += 1
        elif "OK (" in text:
            summary["ok"] += 1
    return summary


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--apk", default="build/outputs/apk/debug/game-debug.apk")
    ap.add_argument("--test-apk", default="build/outputs/apk/androidTest/debug/game-debug-androidTest.apk")
    ap.add_argument("--avd", default=os.environ.get("EMU_AVD", "pixel_6_api34"))
    ap.add_argument("--shards", type=int, default=2)
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    workspace = Path.cwd()
    for p in (args.apk, args.test_apk):
        if not (workspace / p).is_file():
            LOG.error("missing build output %s", p)
            return 1

    run = EmulatorRun(Path(args.apk), Path(args.test_apk), args.avd, args.shards)
    script_path = workspace / "build" / "run-emulator-tests.sh"
    script_path.parent.mkdir(parents=True, exist_ok=True)
    script_path.write_text(run.host_script(workspace))
    LOG.info("wrote %s", script_path)

    if args.print_only:
        print(script_path.read_text())
        return 0

    proc = subprocess.run(["bash", str(script_path)])
    summary = summarise(workspace / RESULTS_DIR)
    (workspace / RESULTS_DIR / "summary.json").write_text(json.dumps(summary, indent=2))
    LOG.info("emulator run finished rc=%d summary=%s", proc.returncode, summary)
    return proc.returncode or (1 if summary["failures"] else 0)


if __name__ == "__main__":
    sys.exit(main())
