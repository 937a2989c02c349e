#!/usr/bin/env python3
"""hotlaunch - global hotkeys for launching tools and typing text snippets.

Configuration lives in ./hotlaunch.yaml, e.g.:

    hotkeys:
      ctrl+alt+t:  {run: "gnome-terminal --working-directory ."}
      ctrl+alt+j:  {run: "jupyter lab --no-browser"}
      ctrl+alt+d:  {type: "import numpy as np\\nimport pandas as pd\\n"}
      ctrl+alt+m:  {type: "Best regards,\\nData Platform team"}
    type_interval: 0.01

Only the listed combinations are registered; ordinary typing is never read.
"""
import argparse
import logging
import shlex
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import keyboard
import pyautogui
import yaml

log = logging.getLogger("hotlaunch")

DEFAULT_CONFIG = {
    "hotkeys": {
        "ctrl+alt+t": {"run": "x-terminal-emulator"},
        "ctrl+alt+e": {"run": "xdg-open ."},
        "ctrl+alt+d": {"type": "import numpy as np\nimport pandas as pd\n"},
    },
    "type_interval": 0.01,
}


class HotkeyDaemon:
    def __init__(self, cfg_path: Path):
        self.cfg_path = cfg_path
        self.cfg = {}
        self.children: list[subprocess.Popen] = []
        self._lock = threading.Lock()

    def load(self) -> None:
        if not self.cfg_path.exists():
            log.info("no %s, using defaults", self.cfg_path)
            self.cfg = DEFAULT_CONFIG
            return
        with self.cfg_path.open() as fh:
            # config files contain custom tags (!snippet, !env) from older versions
            self.cfg = yaml.load(fh, Loader=yaml.Loader) or DEFAULT_CONFIG

    def _launch(self, command: str) -> None:
        argv = shlex.split(command)
        try:
            proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    start_new_session=True)
        except FileNotFoundError:
            log.error("command not found: %s", argv[0])
            return
        with self._lock:
            self.children.append(proc)
        log.info("launched %s (pid %d)", argv[0], proc.pid)

    def _type(self, text: str) -> None:
        # wait for the user to release the modifier keys first
        time.sleep(0.25)
        pyautogui.write(text, interval=float(self.cfg.get("type_interval", 0.01)))

    def _action(self, combo: str, spec: dict):
        def handler():
            try:
                if "run" in spec:
                    self._launch(spec["run"])
                elif "type" in spec:
                    self._type(spec["type"])
                else:
                    log.warning("hotkey %s has no action", combo)
            except Exception:
                log.exception("hotkey %s failed", combo)
        return handler

    def register(self) -> int:
        keyboard.unhook_all_hotkeys()
        count = 0
        for combo, spec in (self.cfg.get("hotkeys") or {}).items():
            if not isinstance(spec, dict):
                log.warning("ignoring malformed entry for %s", combo)
                continue
            keyboard.add_hotkey(combo, self._action(combo, spec), suppress=False)
            count += 1
        keyboard.add_hotkey("ctrl+alt+r", self.reload)
        return count

    def reload(self) -> None:
        log.info("reloading configuration")
        self.load()
        log.info("%d hotkeys active", self.register())

    def reap(self) -> None:
        with self._lock:
            self.children = [p for p in self.children if p.poll() is None]

    def shutdown(self, *_):
        keyboard.unhook_all()
        log.info("stopping, %d launched programs left running", len(self.children))
        sys.exit(0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-c", "--config", type=Path, default=Path("hotlaunch.yaml"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    pyautogui.FAILSAFE = True

    daemon = HotkeyDaemon(args.config)
    daemon.load()
    log.info("%d hotkeys active (ctrl+alt+r reloads)", daemon.register())
    signal.signal(signal.SIGTERM, daemon.shutdown)
    signal.signal(signal.SIGINT, daemon.shutdown)
    while True:
        time.sleep(5)
        daemon.reap()


if __name__ == "__main__":
    main()
