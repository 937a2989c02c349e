#!/usr/bin/env python3
"""Make sure the station relay agent is always running for the ops user.

Field laptops and the relay box are rebooted a lot (power cuts up there are
routine), and people kept forgetting to start the agent after logging in.
This installs a small guarded snippet into the user's shell start-up files
so that any login shell brings the agent back if it is not running.
"""
import argparse
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("agent_autostart")

MARKER_BEGIN = "# >>> wxrelay agent autostart >>>"
MARKER_END = "# <<< wxrelay agent autostart <<<"
DEFAULT_AGENT = "~/wxrelay/agent.py"
RC_FILES = [".bashrc", ".profile", ".zshrc"]


def snippet(agent_path, log_path):
    return "\n".join([
        MARKER_BEGIN,
        f'if ! pgrep -u "$USER" -f "{agent_path}" >/dev/null 2>&1; then',
        f'    nohup python3 "{agent_path}" --daemon >>"{log_path}" 2>&1 &',
        "    disown 2>/dev/null || true",
        "fi",
        MARKER_END,
        "",
    ])


def has_block(text):
    return MARKER_BEGIN in text and MARKER_END in text


def strip_block(text):
    if not has_block(text):
        return text
    start = text.index(MARKER_BEGIN)
    stop = text.index(MARKER_END) + len(MARKER_END)
    return (text[:start].rstrip("\n") + "\n" + text[stop:].lstrip("\n")).lstrip("\n")


class RcInstaller:
    def __init__(self, home, agent_path, log_path, dry_run=False):
        self.home = home
        self.block = snippet(agent_path, log_path)
        self.dry_run = dry_run

    def targets(self):
        for name in RC_FILES:
            path = self.home / name
            if path.exists() or name == ".bashrc":
                yield path

    def install(self, path):
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        new_text = strip_block(text).rstrip("\n") + "\n\n" + self.block
        if new_text == text:
            log.info("%s already up to date", path)
            return False
        if self.dry_run:
            log.info("would update %s", path)
            return True
        if path.exists():
            shutil.copy2(path, path.with_name(path.name + ".wxrelay.bak"))
        path.write_text(new_text, encoding="utf-8")
        log.info("installed autostart block in %s", path)
        return True

    def remove(self, path):
        if not path.exists():
            return False
        text = path.read_text(encoding="utf-8")
        if not has_block(text):
            return False
        if not self.dry_run:
            path.write_text(strip_block(text), encoding="utf-8")
        log.info("removed autostart block from %s", path)
        return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--agent", default=DEFAULT_AGENT)
    parser.add_argument("--log", default="~/wxrelay/agent.log")
    parser.add_argument("--uninstall", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    home = Path(os.path.expanduser("~"))
    agent = os.path.expanduser(args.agent)
    if not args.uninstall and not os.path.exists(agent):
        log.warning("agent %s not found yet; block will start it once deployed", agent)
    installer = RcInstaller(home, agent, os.path.expanduser(args.log), args.dry_run)

    changed = 0
    for path in installer.targets():
        try:
            action = installer.remove if args.uninstall else installer.install
            changed += bool(action(path))
        except OSError as exc:
            log.error("%s: %s", path, exc)
    log.info("%d file(s) changed", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
