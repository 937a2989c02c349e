#!/usr/bin/env python3
"""Run a Yocto build inside the team's build container so every developer
and CI runner uses the same host distro, whatever is installed locally.
Uses rootless podman with the caller's uid mapped into the container.

Reads build-container.ini from the project root:

    [container]
    image = registry.lab.example.net/yocto/builder:kirkstone
    [build]
    machine = imx8mp-evk
    targets = core-image-weston

    yocto_podman_build.py [--target IMAGE ...] [--shell]
"""

import argparse
import configparser
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("yocto-container")

DEFAULTS = {
    "container": {
        "engine": "podman",
        "image": "crops/poky:ubuntu-22.04",
        "userns": "keep-id",
        "pull": "missing",
    },
    "build": {
        "machine": "qemuarm64",
        "targets": "core-image-minimal",
        "builddir": "build",
        "setup": "poky/oe-init-build-env",
        "downloads": "~/yocto-cache/downloads",
        "sstate": "~/yocto-cache/sstate",
    },
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if Path(path).is_file():
        cfg.read(path)
    else:
        log.warning("%s not found, using defaults", path)
    return cfg


def container_args(cfg, workdir):
    c, b = cfg["container"], cfg["build"]
    dl = Path(os.path.expanduser(b["downloads"]))
    ss = Path(os.path.expanduser(b["sstate"]))
    for d in (dl, ss):
        d.mkdir(parents=True, exist_ok=True)
    args = [c["engine"], "run", "--rm", "-it" if sys.stdin.isatty() else "-i",
            f"--pull={c['pull']}",
            f"--userns={c['userns']}",
            "-v", f"{workdir}:/workdir:Z",
            "-v", f"{dl}:/cache/downloads:Z",
            "-v", f"{ss}:/cache/sstate:Z",
            "-e", f"MACHINE={b['machine']}",
            "-e", "DL_DIR=/cache/downloads",
            "-e", "SSTATE_DIR=/cache/sstate",
            "-e", "BB_ENV_PASSTHROUGH_ADDITIONS=MACHINE DL_DIR SSTATE_DIR"]
    args += [c["image"], "--workdir=/workdir"]
    return args


def inner_command(cfg, targets, shell):
    b = cfg["build"]
    setup = f". {shlex.quote(b['setup'])} {shlex.quote(b['builddir'])}"
    if shell:
        return ["bash", "-c", f"{setup} && exec bash -i"]
    return ["bash", "-c", f"{setup} && bitbake {' '.join(shlex.quote(t) for t in targets)}"]


def run(cmd, dry_run):
    log.info("$ %s", " ".join(shlex.quote(c) for c in cmd))
    if dry_run:
        return 0
    try:
        return subprocess.call(cmd)
    except KeyboardInterrupt:
        log.warning("interrupted")
        return 130


def main(argv=None):
    ap = argparse.ArgumentParser(description="Yocto build in a rootless container")
    ap.add_argument("--config", default="build-container.ini")
    ap.add_argument("--target", action="append", help="override build targets")
    ap.add_argument("--shell", action="store_true", help="drop into a build shell")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    engine = cfg["container"]["engine"]
    if not shutil.which(engine):
        log.error("%s not found in PATH", engine)
        return 127

    workdir = Path.cwd()
    if not (workdir / cfg["build"]["setup"]).is_file():
        log.error("%s missing; run from the project root", cfg["build"]["setup"])
        return 2

    targets = args.target or cfg["build"]["targets"].split()
    cmd = container_args(cfg, workdir) + inner_command(cfg, targets, args.shell)
    rc = run(cmd, args.dry_run)
    if rc == 0 and not args.shell and not args.dry_run:
        deploy = workdir / cfg["build"]["builddir"] / "tmp" / "deploy" / "images" / cfg["build"]["machine"]
        log.info("images in %s", deploy)
    return rc


if __name__ == "__main__":
    sys.exit(main())
