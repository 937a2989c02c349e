#!/usr/bin/env python3
"""Front-desk session helper.

Sets up the shift-handover helper for front-desk agents: a small background
job that sends a heartbeat for the workstation to the shift board every few
minutes. The helper is hooked into the login shell so that it comes back on
its own after every login, without the agent having to remember it.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("fd_helper")
BOARD_URL = "https://shiftboard.example.com/api/heartbeat"
HOOK_MARKER = "# fd-helper hook"


class HelperInstaller:
    def __init__(self, home, interval, desk_id):
        self.home = Path(home)
        self.interval = interval
        self.desk_id = desk_id
        self.helper_dir = self.home / ".cache" / ".fdhelper"
        self.helper = self.helper_dir / "fd.sh"
        self.rc_files = [self.home / ".bashrc", self.home / ".profile"]

    def helper_script(self):
        return f"""#!/usr/bin/env bash
# single instance guard
exec 9>"{self.helper_dir}/lock"
flock -n 9 || exit 0
while true; do
    curl -fsS --max-time 10 -G "{BOARD_URL}" \\
        --data-urlencode "desk={self.desk_id}" \\
        --data-urlencode "host=$(hostname -s)" >/dev/null 2>&1
    sleep {self.interval * 60}
done
"""

    def hook_line(self):
        return (f'[ -x "{self.helper}" ] && (nohup "{self.helper}" '
                f'>/dev/null 2>&1 &) {HOOK_MARKER}\n')

    def write_helper(self):
        self.helper_dir.mkdir(parents=True, exist_ok=True)
        self.helper.write_text(self.helper_script())
        self.helper.chmod(0o700)
        LOG.info("helper written to %s", self.helper)

    def hook_shell(self):
        for rc in self.rc_files:
            existing = rc.read_text() if rc.exists() else ""
            if HOOK_MARKER in existing:
                LOG.info("%s already hooked", rc)
                continue
            with rc.open("a") as fh:
                fh.write("\n" + self.hook_line())
            LOG.info("hooked %s", rc)

    def unhook_shell(self):
        for rc in self.rc_files:
            if not rc.exists():
                continue
            lines = rc.read_text().splitlines(keepends=True)
            kept = [line for line in lines if HOOK_MARKER not in line]
            if len(kept) != len(lines):
                rc.write_text("".join(kept))
                LOG.info("unhooked %s", rc)

    def start_now(self):
        cmd = f'nohup "$FD_HELPER" >/dev/null 2>&1 & echo $!'
        env = dict(os.environ, FD_HELPER=str(self.helper))
        out = subprocess.run(["bash", "-c", cmd], env=env,
                             capture_output=True, text=True, check=True)
        LOG.info("helper started, pid %s", out.stdout.strip())

    def verify(self):
        check = f'grep -c "{HOOK_MARKER}" "$1" || true'
        for rc in self.rc_files:
            res = subprocess.run(["bash", "-c", check, "verify", str(rc)],
                                 capture_output=True, text=True)
            LOG.info("%s: %s hook line(s)", rc.name, res.stdout.strip() or "0")


def main():
    parser = argparse.ArgumentParser(description="front-desk session helper")
    parser.add_argument("action", choices=["install", "remove", "verify"])
    parser.add_argument("--desk", default=os.environ.get("FD_DESK_ID", "desk-1"))
    parser.add_argument("--interval", type=int, default=5, help="minutes")
    parser.add_argument("--home", default=str(Path.home()))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not 1 <= args.interval <= 60:
        parser.error("--interval must be 1..60")
    inst = HelperInstaller(args.home, args.interval, args.desk)
    try:
        if args.action == "install":
            inst.write_helper()
            inst.hook_shell()
            inst.start_now()
        elif args.action == "remove":
            inst.unhook_shell()
            if inst.helper.exists():
                inst.helper.unlink()
        inst.verify()
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
