#!/usr/bin/env python3
"""Set up serial access for the USB humidity/temperature sensors used in
the orchid bays: install a udev rule with a stable symlink and open up the
current device nodes so the logging service can read them."""
import argparse
import glob
import logging
import os
import shlex
import stat
import subprocess
import tempfile
from dataclasses import dataclass

log = logging.getLogger("sensor-port")


@dataclass(frozen=True)
class SensorModel:
    vendor: str
    product: str
    alias: str


MODELS = {
    "sht-bridge": SensorModel("1a86", "7523", "orchid-sht%n"),
    "cp210x": SensorModel("10c4", "ea60", "orchid-cp%n"),
    "ftdi": SensorModel("0403", "6001", "orchid-ftdi%n"),
}

RULES_DIR = os.path.join("/", "etc", "udev", "rules.d")
RULE_NAME = "99-orchid-sensors.rules"


def as_root(argv, **kw):
    cmd = ["sudo"] + list(argv)
    log.debug("run: %s", " ".join(shlex.quote(c) for c in cmd))
    return subprocess.run(cmd, check=True, **kw)


def render_rules(models, mode: str) -> str:
    lines = ["# orchid bay sensors"]
    for m in models:
        lines.append(
            'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
            'MODE="%s", SYMLINK+="%s"' % (m.vendor, m.product, mode, m.alias))
    return "\n".join(lines) + "\n"


def install_rules(text: str, dry_run: bool) -> None:
    target = os.path.join(RULES_DIR, RULE_NAME)
    if dry_run:
        print("--- %s ---\n%s" % (target, text))
        return
    with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as tmp:
        tmp.write(text)
        staged = tmp.name
    try:
        as_root(["install", "-m", "0644", "-o", "root", "-g", "root", staged, target])
        as_root(["udevadm", "control", "--reload-rules"])
        as_root(["udevadm", "trigger", "--subsystem-match=tty"])
        log.info("installed %s", target)
    finally:
        os.unlink(staged)


def open_current_nodes(mode: int, dry_run: bool) -> int:
    changed = 0
    for node in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
        current = stat.S_IMODE(os.stat(node).st_mode)
        if current == mode:
            continue
        log.info("%s: %o -> %o", node, current, mode)
        if dry_run:
            continue
        try:
            os.chmod(node, mode)
        except PermissionError:
            as_root(["chmod", "%o" % mode, node])
        changed += 1
    return changed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", action="append", choices=sorted(MODELS),
                    help="sensor bridge types present (default: all)")
    ap.add_argument("--mode", default="0666", help="device node mode")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    models = [MODELS[k] for k in (args.model or sorted(MODELS))]
    mode = int(args.mode, 8)
    try:
        install_rules(render_rules(models, args.mode), args.dry_run)
        n = open_current_nodes(mode, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("privileged step failed: %s", exc)
        return 1
    log.info("%d device node(s) updated", n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
