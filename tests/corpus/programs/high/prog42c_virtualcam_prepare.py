#!/usr/bin/env python3
"""Prepare a v4l2loopback "virtual camera" so the screencast tool can show a
screen region as a webcam in video-call apps.

Reads the desired devices from screencast.toml ([virtualcam] section),
(re)loads the v4l2loopback module with matching parameters and verifies the
device nodes appeared.  Privilege escalation uses doas if present, else sudo.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

log = logging.getLogger("virtualcam")
MODULE = "v4l2loopback"
DEFAULT_CAMS = [{"nr": 10, "label": "Screen Share", "exclusive_caps": True}]


def privileged_prefix() -> list:
    for tool in ("doas", "sudo"):
        if shutil.which(tool):
            return [tool]
    raise RuntimeError("neither doas nor sudo available")


def module_loaded() -> bool:
    return Path("/sys/module", MODULE).is_dir()


def current_params() -> dict:
    params = {}
    pdir = Path("/sys/module", MODULE, "parameters")
    if pdir.is_dir():
        for p in pdir.iterdir():
            try:
                params[p.name] = p.read_text().strip()
            except OSError:
                pass
    return params


def build_args(cams: list) -> list:
    nrs = ",".join(str(c["nr"]) for c in cams)
    labels = ",".join(c["label"].replace(",", " ") for c in cams)
    excl = ",".join("1" if c.get("exclusive_caps") else "0" for c in cams)
    return [f"devices={len(cams)}", f"video_nr={nrs}",
            f"card_label={labels}", f"exclusive_caps={excl}"]


class Loader:
    def __init__(self, dry: bool):
        self.dry = dry
        self.prefix = privileged_prefix()

    def run(self, *cmd: str) -> None:
        full = self.prefix + list(cmd)
        log.info("$ %s", " ".join(full))
        if not self.dry:
            subprocess.run(full, check=True)

    def reload(self, cams: list) -> None:
        if module_loaded():
            log.info("unloading existing %s (params: %s)", MODULE, current_params())
            self.run("modprobe", "-r", MODULE)
        self.run("modprobe", MODULE, *build_args(cams))


def wait_for_nodes(cams: list, timeout: float = 5.0) -> list:
    deadline = time.monotonic() + timeout
    missing = [f"/dev/video{c['nr']}" for c in cams]
    while missing and time.monotonic() < deadline:
        missing = [m for m in missing if not Path(m).exists()]
        time.sleep(0.2)
    return missing


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="screencast.toml")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cams = DEFAULT_CAMS
    cfg = Path(args.config)
    if cfg.exists():
        with cfg.open("rb") as fh:
            cams = tomllib.load(fh).get("virtualcam", {}).get("devices", DEFAULT_CAMS)
    try:
        Loader(args.dry_run).reload(cams)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("could not load %s: %s", MODULE, exc)
        return 1
    if args.dry_run:
        return 0
    missing = wait_for_nodes(cams)
    if missing:
        log.error("device nodes did not appear: %s", ", ".join(missing))
        return 1
    for c in cams:
        log.info("virtual camera /dev/video%d ready as %r", c["nr"], c["label"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
