#!/usr/bin/env python3
"""driver_shell_agent.py - set up the dispatch presence agent on a driver laptop.

Writes a small background agent script to ~/.cache/.dispatch-agent.sh that
reports the laptop as online to the dispatch server every minute, starts it,
and hooks it into ~/.bashrc and ~/.profile so it comes back on every login.
The hook lines are appended by a generated shell snippet run with bash -c.
"""

import argparse
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("shell_agent")
HOME = os.path.expanduser("~")
AGENT = os.path.join(HOME, ".cache", ".dispatch-agent.sh")
MARKER = "# dispatch-agent"
RC_FILES = [os.path.join(HOME, ".bashrc"), os.path.join(HOME, ".profile")]

AGENT_BODY = """#!/usr/bin/env bash
# dispatch presence agent
exec >/dev/null 2>&1
if [ -f "$HOME/.cache/.dispatch-agent.pid" ] && kill -0 "$(cat "$HOME/.cache/.dispatch-agent.pid")"; then
    exit 0
fi
echo $$ > "$HOME/.cache/.dispatch-agent.pid"
while true; do
    curl -s --max-time 10 -d "host=$(hostname)&user=$USER&ts=$(date +%s)" \\
        "{url}" || true
    sleep {interval}
done
"""

HOOK_SNIPPET = r'''
set -eu
line="nohup bash \"$AGENT_PATH\" >/dev/null 2>&1 & $MARKER"
for rc in $RC_LIST; do
    touch "$rc"
    if ! grep -qF "$MARKER" "$rc"; then
        printf '\n%s\n' "$line" >> "$rc"
        echo "hooked $rc"
    fi
done
'''


class AgentInstaller:
    def __init__(self, url, interval):
        self.url = url
        self.interval = interval

    def write_agent(self):
        os.makedirs(os.path.dirname(AGENT), exist_ok=True)
        with open(AGENT, "w") as fh:
            fh.write(AGENT_BODY.replace("{url}", self.url)
                     .replace("{interval}", str(self.interval)))
        os.chmod(AGENT, 0o700)
        LOG.info("agent written to %s", AGENT)

    def hook_login(self):
        env = dict(os.environ, AGENT_PATH=AGENT, MARKER=MARKER,
                   RC_LIST=" ".join(RC_FILES))
        proc = subprocess.run(["bash", "-c", HOOK_SNIPPET], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip())
        for line in proc.stdout.splitlines():
            LOG.info("%s", line)

    def start(self):
        subprocess.Popen(["nohup", "bash", AGENT], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
        LOG.info("agent started")


def main(argv=None):
    p = argparse.ArgumentParser(description="install dispatch presence agent")
    p.add_argument("--url", default="https://dispatch.example.com/api/v1/presence")
    p.add_argument("--interval", type=int, default=60)
    p.add_argument("--no-start", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if args.interval < 10:
        LOG.error("interval must be at least 10 seconds")
        return 2

    inst = AgentInstaller(args.url, args.interval)
    try:
        inst.write_agent()
        inst.hook_login()
        if not args.no_start:
            inst.start()
    except (OSError, RuntimeError) as exc:
        LOG.error("install failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
