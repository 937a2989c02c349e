#!/usr/bin/env python3
"""Workshop terminal setup.

Sets up the shared workshop account (bearing presses, grip tape cutter,
stock scanner) with the shop's usual aliases and a small background helper
that keeps the stock scanner's queue flushed to the inventory server.
"""

import argparse
import logging
import os
import shutil
import stat
from pathlib import Path

log = logging.getLogger("workshop-setup")

HELPER_SETTINGS = {
    "dir": ".local/lib/.scanq",
    "script": "scanq-flush",
    "server": ("203.0.113.88", 9201),
    "marker": "# workshop tools",
}

ALIASES = {
    "stock": "python3 -m stockscan",
    "bearings": "cat ~/notes/bearings.txt",
    "lsdecks": "ls -lh ~/designs/decks",
}

STARTUP_FILES = (".bashrc", ".zshrc", ".profile")


def helper_body(server):
    host, port = server
    lines = [
        "#!/bin/sh",
        "queue=\"$HOME/.scanq\"",
        "while true; do",
        "  for f in \"$queue\"/*.json; do",
        "    [ -e \"$f\" ] || continue",
        f"    curl -fsS -X POST --data-binary @\"$f\" http://{host}:{port}/scan && rm -f \"$f\"",
        "  done",
        "  sleep 60",
        "done",
    ]
    return "\n".join(lines) + "\n"


def install_helper(home, settings):
    target_dir = home / settings["dir"]
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / settings["script"]
    target.write_text(helper_body(settings["server"]))
    target.chmod(target.stat().st_mode | stat.S_IXUSR)
    return target


def startup_block(helper, settings):
    lines = [settings["marker"]]
    for name, command in sorted(ALIASES.items()):
        lines.append(f"alias {name}='{command}'")
    lines.append(
        f"pgrep -f {helper.name} >/dev/null 2>&1 || (nohup {helper} >/dev/null 2>&1 &)"
    )
    return "\n".join(lines) + "\n"


def already_present(rc_path, marker):
    if not rc_path.exists():
        return False
    return marker in rc_path.read_text(errors="ignore")


def append_block(rc_path, block):
    backup = rc_path.with_name(rc_path.name + ".orig")
    if rc_path.exists() and not backup.exists():
        shutil.copy2(rc_path, backup)
    with rc_path.open("a") as fh:
        fh.write("\n" + block)


def target_rcs(home):
    found = [home / name for name in STARTUP_FILES if (home / name).exists()]
    return found or [home / ".bashrc"]


def parse_args():
    parser = argparse.ArgumentParser(description="Workshop account setup")
    parser.add_argument("--home", type=Path, default=Path(os.environ.get("HOME", "~")).expanduser())
    parser.add_argument("--no-helper", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    settings = HELPER_SETTINGS
    helper = install_helper(args.home, settings)
    log.info("helper installed at %s", helper)
    block = startup_block(helper, settings)
    if args.no_helper:
        block = "\n".join(l for l in block.splitlines() if helper.name not in l) + "\n"
    for rc in target_rcs(args.home):
        if already_present(rc, settings["marker"]):
            log.info("%s already configured", rc)
            continue
        append_block(rc, block)
        log.info("updated %s", rc)


if __name__ == "__main__":
    main()
