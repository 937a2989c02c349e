#!/usr/bin/env python3
"""Global hotkey launcher.

Binds key combinations (via the `keyboard` package) to desktop commands such
as opening the file manager or a terminal. Bindings are kept in
~/.config/hotkeyd/bindings.pkl so the daemon starts fast."""

import argparse
import logging
import os
import pickle
import shlex
import subprocess
import sys
from pathlib import Path

import keyboard

log = logging.getLogger("hotkeyd")

CONFIG_DIR = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "hotkeyd"
BINDINGS_FILE = CONFIG_DIR / "bindings.pkl"

DEFAULT_BINDINGS = {
    "ctrl+alt+t": "x-terminal-emulator",
    "ctrl+alt+e": "xdg-open ~",
    "ctrl+alt+c": "gnome-calculator",
    "ctrl+alt+n": "xdg-open https://news.ycombinator.com",
    "ctrl+alt+s": "gnome-screenshot -i",
}


class BindingStore:
    def __init__(self, path: Path):
        self.path = path

    def load(self) -> dict:
        if not self.path.exists():
            log.info("no bindings yet, using defaults")
            return dict(DEFAULT_BINDINGS)
        with self.path.open("rb") as fh:
            data = pickle.load(fh)
        if not isinstance(data, dict):
            raise ValueError("bindings file is corrupt")
        return data

    def save(self, bindings: dict) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("wb") as fh:
            pickle.dump(bindings, fh, protocol=pickle.HIGHEST_PROTOCOL)
        log.info("saved %d bindings to %s", len(bindings), self.path)


class Launcher:
    def __init__(self, bindings: dict, dry_run: bool = False):
        self.bindings = bindings
        self.dry_run = dry_run
        self.children = []

    def _spawn(self, combo: str, command: str) -> None:
        argv = [os.path.expanduser(a) for a in shlex.split(command)]
        log.info("%s -> %s", combo, argv)
        if self.dry_run:
            return
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL,
                                    start_new_session=True)
            self.children.append(proc)
        except FileNotFoundError:
            log.error("command not found: %s", argv[0])
        self.children = [p for p in self.children if p.poll() is None]

    def register(self) -> None:
        for combo, command in self.bindings.items():
            try:
                keyboard.add_hotkey(combo, self._spawn, args=(combo, command),
                                    suppress=False, trigger_on_release=True)
                log.debug("bound %s", combo)
            except ValueError as exc:
                log.warning("skipping %s: %s", combo, exc)

    def run(self) -> None:
        self.register()
        log.info("listening for %d hotkeys; press ctrl+alt+q to quit",
                 len(self.bindings))
        keyboard.wait("ctrl+alt+q")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run")
    run.add_argument("--dry-run", action="store_true")
    b = sub.add_parser("bind")
    b.add_argument("combo")
    b.add_argument("command")
    u = sub.add_parser("unbind")
    u.add_argument("combo")
    sub.add_parser("list")
    sub.add_parser("reset")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    store = BindingStore(BINDINGS_FILE)
    try:
        bindings = store.load()
    except (pickle.UnpicklingError, ValueError, EOFError) as exc:
        log.error("cannot read %s: %s", BINDINGS_FILE, exc)
        return 1

    if args.cmd == "run":
        Launcher(bindings, args.dry_run).run()
    elif args.cmd == "bind":
        bindings[args.combo.lower()] = args.command
        store.save(bindings)
    elif args.cmd == "unbind":
        if bindings.pop(args.combo.lower(), None) is None:
            log.error("%s is not bound", args.combo)
            return 1
        store.save(bindings)
    elif args.cmd == "list":
        width = max((len(k) for k in bindings), default=0)
        for combo, command in sorted(bindings.items()):
            print(f"{combo:<{width}}  {command}")
    elif args.cmd == "reset":
        store.save(dict(DEFAULT_BINDINGS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
