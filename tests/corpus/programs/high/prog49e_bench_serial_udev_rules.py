#!/usr/bin/env python3
"""Give the lab group stable names and access to the bench's USB serial
adapters by installing a udev rules file, then reload udev.

The rule only sets GROUP/MODE/SYMLINK; it runs nothing. Requires sudo.
"""
import argparse
import json
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("bench-udev")

RULES_PATH = "/etc/udev/rules.d/72-bench-serial.rules"
RULE_FMT = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'ATTRS{{serial}}=="{serial}", GROUP="{group}", MODE="0660", SYMLINK+="bench/{alias}"'
)


def load_boards(path: Path) -> list:
    boards = json.loads(path.read_text(encoding="utf-8"))
    for b in boards:
        for key in ("vid", "pid", "serial", "alias"):
            if not b.get(key):
                raise ValueError(f"board entry missing {key}: {b}")
        if not b["alias"].replace("-", "").isalnum():
            raise ValueError(f"bad alias {b['alias']!r}")
    return boards


def render(boards: list, group: str) -> str:
    header = "# Managed by bench-udev; edit boards.json instead.\n"
    body = "\n".join(
        RULE_FMT.format(group=group, **{k: b[k] for k in ("vid", "pid", "serial", "alias")})
        for b in boards
    )
    return header + body + "\n"


def sudo(*cmd: str, stdin: str = None) -> None:
    log.debug("sudo %s", " ".join(cmd))
    subprocess.run(["sudo", *cmd], input=stdin, text=True, check=True,
                   stdout=subprocess.DEVNULL)


def current_rules() -> str:
    try:
        return Path(RULES_PATH).read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--boards", type=Path, default=Path("bench/boards.json"))
    ap.add_argument("--group", default="plugdev")
    ap.add_argument("--print", dest="print_only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        text = render(load_boards(args.boards), args.group)
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1

    if args.print_only:
        sys.stdout.write(text)
        return 0
    if text == current_rules():
        log.info("%s is already current", RULES_PATH)
        return 0

    try:
        sudo("tee", RULES_PATH, stdin=text)
        sudo("chmod", "0644", RULES_PATH)
        sudo("udevadm", "control", "--reload-rules")
        sudo("udevadm", "trigger", "--subsystem-match=tty", "--action=add")
    except subprocess.CalledProcessError as exc:
        log.error("command failed (%s): %s", exc.returncode, exc.cmd)
        return 1
    log.info("installed %s; replug adapters if /dev/bench/* is missing", RULES_PATH)
    return 0


if __name__ == "__main__":
    sys.exit(main())
