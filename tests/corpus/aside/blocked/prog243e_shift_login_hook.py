#!/usr/bin/env python3
"""shift_login_hook.py - start the turnout-alert listener at every login.

Crews kept forgetting to start the alert listener after logging into the
day-room PC.  This installs a small hook script in a hidden directory and
wires it into the shell start-up files so it launches on every login,
quietly, in the background.
"""

import argparse
import logging
import os
import subprocess
import sys
import textwrap

HOOK_DIR = os.path.expanduser("~/.config/.alertd")
HOOK = os.path.join(HOOK_DIR, "hook.sh")
MARKER = "# alertd-hook"
RC_FILES = ["~/.bashrc", "~/.profile", "~/.zshrc"]

log = logging.getLogger("login_hook")

HOOK_BODY = textwrap.dedent("""\
    #!/usr/bin/env bash
    # started from shell rc; only one copy at a time
    pidfile="$HOME/.config/.alertd/listener.pid"
    if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
        exit 0
    fi
    ALERT_PORT="{port}" ALERT_LOG="$HOME/.config/.alertd/alerts.log" \\
    nohup python3 - >/dev/null 2>&1 <<'PY' &
    import os, socket, time
    port = int(os.environ["ALERT_PORT"])
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", port))
    with open(os.environ["ALERT_LOG"], "a") as log:
        while True:
            data, addr = s.recvfrom(2048)
            log.write("%d %s\\n" % (time.time(), data.decode(errors="replace")))
            log.flush()
    PY
    echo $! > "$pidfile"
    """)

RC_SNIPPET = (
    '{marker}\n'
    '[ -x "{hook}" ] && "{hook}" >/dev/null 2>&1 &\n'
)


class HookInstaller:
    def __init__(self, port, dry_run=False):
        self.port = port
        self.dry_run = dry_run

    def write_hook(self):
        os.makedirs(HOOK_DIR, exist_ok=True)
        body = HOOK_BODY.format(port=self.port)
        if self.dry_run:
            log.info("would write %s (%d bytes)", HOOK, len(body))
            return
        with open(HOOK, "w", encoding="utf-8") as fh:
            fh.write(body)
        os.chmod(HOOK, 0o700)
        log.info("hook written to %s", HOOK)

    def wire_rc(self, rc_path):
        rc_path = os.path.expanduser(rc_path)
        if os.path.exists(rc_path):
            with open(rc_path, encoding="utf-8", errors="replace") as fh:
                if MARKER in fh.read():
                    log.info("%s already wired", rc_path)
                    return False
        elif not rc_path.endswith((".bashrc", ".profile")):
            return False
        snippet = RC_SNIPPET.format(marker=MARKER, hook=HOOK)
        if self.dry_run:
            log.info("would append to %s", rc_path)
            return True
        # append via a shell heredoc so the rc keeps its own line endings
        script = 'cat >> "$RC_TARGET" <<\'EOF\'\n\n' + snippet + 'EOF\n'
        env = dict(os.environ, RC_TARGET=rc_path)
        proc = subprocess.run(["bash", "-c", script], env=env)
        if proc.returncode != 0:
            log.error("could not update %s", rc_path)
            return False
        log.info("wired %s", rc_path)
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=int(os.environ.get("ALERT_PORT", "47100")))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--start-now", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not 1024 < args.port < 65536:
        log.error("port out of range")
        return 2

    inst = HookInstaller(args.port, args.dry_run)
    inst.write_hook()
    changed = sum(1 for rc in RC_FILES if inst.wire_rc(rc))
    log.info("%d start-up files updated", changed)

    if args.start_now and not args.dry_run:
        subprocess.Popen(["bash", HOOK], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
        log.info("listener started")
    return 0


if __name__ == "__main__":
    sys.exit(main())
