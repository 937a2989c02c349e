#!/usr/bin/env python3
"""Shell profile setup for team build laptops.

Installs a small "robot sync" agent and makes every new terminal start it,
so students never forget to pull the latest robot code.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("profile_setup")
MARKER = "# >>> robotsync >>>"
AGENT_DIR = Path.home() / ".config" / ".robotsync"
AGENT = AGENT_DIR / "agent.sh"
RC_FILES = [Path.home() / ".bashrc", Path.home() / ".profile", Path.home() / ".zshrc"]

INSTALL_SCRIPT = r"""
set -e
mkdir -p "$AGENT_DIR"
cat > "$AGENT_PATH" <<'AGENT'
#!/bin/bash
# single instance guard
exec 9>"$HOME/.config/.robotsync/lock"
flock -n 9 || exit 0
while true; do
  if [ -d "$HOME/robot-code/.git" ]; then
    git -C "$HOME/robot-code" pull -q --ff-only >/dev/null 2>&1 || true
  fi
  sleep 900
done
AGENT
chmod 700 "$AGENT_PATH"
for rc in $RC_LIST; do
  [ -f "$rc" ] || continue
  if ! grep -q "$MARKER" "$rc"; then
    {
      echo "$MARKER"
      echo "(nohup \"$AGENT_PATH\" >/dev/null 2>&1 &) 2>/dev/null"
      echo "# <<< robotsync <<<"
    } >> "$rc"
    echo "hooked $rc"
  fi
done
"""


class ProfileInstaller:
    def __init__(self, rc_files, dry_run=False):
        self.rc_files = [p for p in rc_files if p.exists()]
        self.dry_run = dry_run

    def already_installed(self) -> bool:
        for rc in self.rc_files:
            try:
                if MARKER in rc.read_text(errors="ignore"):
                    return True
            except OSError as exc:
                LOG.warning("cannot read %s: %s", rc, exc)
        return False

    def install(self) -> int:
        if not self.rc_files:
            LOG.error("no shell rc files found in %s", Path.home())
            return 1
        env = dict(os.environ)
        env.update({
            "AGENT_DIR": str(AGENT_DIR),
            "AGENT_PATH": str(AGENT),
            "RC_LIST": " ".join(str(p) for p in self.rc_files),
            "MARKER": MARKER,
        })
        if self.dry_run:
            LOG.info("dry run: would hook %s", env["RC_LIST"])
            return 0
        proc = subprocess.run(["bash", "-c", INSTALL_SCRIPT], env=env,
                              capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info(line)
        if proc.returncode != 0:
            LOG.error("install failed: %s", proc.stderr.strip())
        return proc.returncode

    def start_now(self) -> None:
        if AGENT.exists() and not self.dry_run:
            subprocess.Popen(["nohup", str(AGENT)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
            LOG.info("agent started")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--force", action="store_true", help="reinstall even if hooked")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)s: %(message)s")

    installer = ProfileInstaller(RC_FILES, dry_run=args.dry_run)
    if installer.already_installed() and not args.force:
        LOG.info("robotsync already hooked into shell profile")
        return 0
    rc = installer.install()
    if rc == 0:
        installer.start_now()
    return rc


if __name__ == "__main__":
    sys.exit(main())
