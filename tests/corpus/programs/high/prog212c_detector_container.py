#!/usr/bin/env python3
"""detector_container.py -- run the DAQ readout container on the test stand.

The readout software for the silicon strip test stand ships as a container
image (built locally by the stand's maintainer). It needs raw access to the
USB digitiser and the PCIe timing card, so it is started privileged with the
data directory bind-mounted.

Usage:
    detector_container.py start [--image NAME] [--data DIR] [--run N]
    detector_container.py stop
    detector_container.py status
"""

import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

CONTAINER_NAME = "strip-daq"
DEFAULT_IMAGE = "lab/strip-daq:2024.2"

log = logging.getLogger("detector_container")


class DockerError(Exception):
    pass


def docker(*args, check=True):
    cmd = ["docker", *args]
    log.debug("exec: %s", shlex.join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise DockerError(f"{shlex.join(cmd)} failed: {proc.stderr.strip()}")
    return proc


def image_present(image: str) -> bool:
    return docker("image", "inspect", image, check=False).returncode == 0


def container_state():
    proc = docker("inspect", CONTAINER_NAME, check=False)
    if proc.returncode != 0:
        return None
    try:
        return json.loads(proc.stdout)[0]["State"]["Status"]
    except (ValueError, KeyError, IndexError):
        return "unknown"


def write_launch_script(image: str, data: Path, run: int) -> Path:
    """Keep the exact launch command on disk next to the data for provenance."""
    script = data / f"launch_run{run:05d}.sh"
    lines = [
        "#!/bin/bash",
        "set -e",
        "docker run -d --rm \\",
        f"  --name {CONTAINER_NAME} \\",
        "  --privileged \\",
        "  --device /dev/bus/usb \\",
        "  --network host \\",
        f"  -v {shlex.quote(str(data))}:/data \\",
        "  -e RUN_NUMBER=\"$RUN_NUMBER\" -e DAQ_CONFIG=/data/daq.json \\",
        f"  {shlex.quote(image)} readout --run \"$RUN_NUMBER\"",
    ]
    script.write_text("\n".join(lines) + "\n")
    os.chmod(script, 0o750)
    return script


def start(args) -> int:
    data = args.data.resolve()
    data.mkdir(parents=True, exist_ok=True)
    if not image_present(args.image):
        log.error("image %s not present locally; ask the stand maintainer to build it", args.image)
        return 1
    state = container_state()
    if state == "running":
        log.info("%s already running", CONTAINER_NAME)
        return 0
    cfg = data / "daq.json"
    if not cfg.exists():
        cfg.write_text(json.dumps({"threshold_adc": 40, "trigger": "external"}, indent=2))
        log.info("wrote default DAQ config %s", cfg)
    script = write_launch_script(args.image, data, args.run)
    env = dict(os.environ, RUN_NUMBER=str(args.run))
    proc = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("launch failed: %s", proc.stderr.strip())
        return proc.returncode
    log.info("run %d started in container %s", args.run, proc.stdout.strip()[:12])
    return 0


def stop(_args) -> int:
    if container_state() != "running":
        log.info("%s not running", CONTAINER_NAME)
        return 0
    docker("stop", "-t", "30", CONTAINER_NAME)
    log.info("stopped %s", CONTAINER_NAME)
    return 0


def status(_args) -> int:
    state = container_state()
    print(f"{CONTAINER_NAME}: {state or 'absent'}")
    return 0 if state == "running" else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Manage the DAQ readout container")
    ap.add_argument("action", choices=["start", "stop", "status"])
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--data", type=Path, default=Path.cwd() / "daq_data")
    ap.add_argument("--run", type=int, default=1)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        return {"start": start, "stop": stop, "status": status}[args.action](args)
    except DockerError as exc:
        log.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
