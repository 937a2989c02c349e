#!/usr/bin/env python3
"""Install a udev rule for the lab's USB data logger.

Renders a rule that gives the 'dialout' group read/write access to the
logger's serial port and a stable /dev/datalogger symlink, writes it to
/etc/udev/rules.d/ through sudo, then reloads udev so the change applies
without a reboot.
"""
import argparse
import re
import subprocess
import sys
from string import Template

RULES_DIR = "/etc/udev/rules.d"

RULE_TEMPLATE = Template(
    '# $comment\n'
    'SUBSYSTEM=="tty", ATTRS{idVendor}=="$vendor", ATTRS{idProduct}=="$product", '
    'MODE="0660", GROUP="$group", SYMLINK+="$symlink"\n'
)

HEX4 = re.compile(r"^[0-9a-f]{4}$")
NAME = re.compile(r"^[a-z][a-z0-9_-]{0,30}$")


def render_rule(opts: argparse.Namespace) -> str:
    if not HEX4.match(opts.vendor) or not HEX4.match(opts.product):
        raise ValueError("vendor/product must be 4 lowercase hex digits")
    if not NAME.match(opts.group) or not NAME.match(opts.symlink):
        raise ValueError("group and symlink must be simple names")
    return RULE_TEMPLATE.substitute(
        comment=f"{opts.label} ({opts.vendor}:{opts.product})",
        vendor=opts.vendor,
        product=opts.product,
        group=opts.group,
        symlink=opts.symlink,
    )


def sudo(args: list, stdin_text: str = None) -> None:
    cmd = ["sudo", *args]
    print("+", " ".join(cmd))
    subprocess.run(cmd, input=stdin_text, text=True, check=True,
                   stdout=subprocess.DEVNULL)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--vendor", default="0403")
    ap.add_argument("--product", default="6015")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--symlink", default="datalogger")
    ap.add_argument("--label", default="Lab USB data logger")
    ap.add_argument("--priority", type=int, default=70)
    ap.add_argument("--dry-run", action="store_true")
    opts = ap.parse_args(argv)

    try:
        rule = render_rule(opts)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    target = f"{RULES_DIR}/{opts.priority:02d}-{opts.symlink}.rules"
    print(f"rule for {target}:\n{rule}")
    if opts.dry_run:
        return 0

    sudo(["tee", target], stdin_text=rule)
    sudo(["chmod", "0644", target])
    sudo(["udevadm", "control", "--reload-rules"])
    sudo(["udevadm", "trigger", "--subsystem-match=tty", "--action=add"])
    print(f"installed {target}; replug the logger if /dev/{opts.symlink} is missing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
