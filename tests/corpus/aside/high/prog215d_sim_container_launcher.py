#!/usr/bin/env python3
"""Launch the robot simulation container on a build laptop.

Generates a run script for the WPILib simulation image (GUI, joysticks
and USB adapters passed through) and starts it.
"""
import argparse
import json
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("simlaunch")
DEFAULT_IMAGE = "registry.example.org/team/wpilib-sim:2025"
CONFIG_FILE = Path("sim_config.json")


class SimConfig:
    def __init__(self, image: str, project: Path, gui: bool):
        self.image = image
        self.project = project
        self.gui = gui

    @classmethod
    def from_file(cls, path: Path, fallback_image: str) -> "SimConfig":
        data = {}
        if path.exists():
            try:
                data = json.loads(path.read_text())
            except json.JSONDecodeError as exc:
                LOG.warning("ignoring bad %s: %s", path, exc)
        return cls(data.get("image", fallback_image),
                   Path(data.get("project", ".")).resolve(),
                   bool(data.get("gui", True)))

    def docker_args(self) -> list:
        args = [
            "docker", "run", "--rm", "-it",
            "--name", "robot-sim",
            "--privileged",                 # joysticks + USB CAN adapters
            "-v", "/dev:/dev",
            "--network", "host",
            "-v", f"{self.project}:/workspace",
            "-w", "/workspace",
        ]
        if self.gui and os.environ.get("DISPLAY"):
            args += ["-e", f"DISPLAY={os.environ['DISPLAY']}",
                     "-v", "/tmp/.X11-unix:/tmp/.X11-unix:ro"]
        args += [self.image, "./gradlew", "simulateJava"]
        return args


def write_run_script(cfg: SimConfig, out: Path) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    cmd = " ".join(shlex.quote(a) for a in cfg.docker_args())
    out.write_text(
        "#!/bin/bash\n"
        "set -e\n"
        'docker image inspect "$SIM_IMAGE" >/dev/null 2>&1 || docker pull "$SIM_IMAGE"\n'
        "docker rm -f robot-sim >/dev/null 2>&1 || true\n"
        f"exec {cmd}\n"
    )
    out.chmod(0o755)
    LOG.info("run script written to %s", out)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description="start the robot simulator container")
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--no-gui", action="store_true")
    ap.add_argument("--script-only", action="store_true", help="write script, do not run")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not shutil.which("docker"):
        LOG.error("docker is not installed on this laptop")
        return 1
    cfg = SimConfig.from_file(CONFIG_FILE, args.image)
    if args.no_gui:
        cfg.gui = False
    if not (cfg.project / "gradlew").exists():
        LOG.error("no gradlew in %s; run from the robot project", cfg.project)
        return 1

    script = write_run_script(cfg, Path("sim") / "run_sim.sh")
    if args.script_only:
        return 0
    env = dict(os.environ, SIM_IMAGE=cfg.image)
    try:
        return subprocess.call(["bash", str(script)], env=env)
    except KeyboardInterrupt:
        LOG.info("simulation stopped")
        subprocess.call(["docker", "rm", "-f", "robot-sim"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return 130


if __name__ == "__main__":
    sys.exit(main())
