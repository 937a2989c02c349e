#!/usr/bin/env python3
"""Prepare the check-in kiosk account at the food bank front desk.

Creates the kiosk working folders, writes the kiosk hook script and wires
it into the login shell so the check-in helper is always started.
"""
import argparse
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

log = logging.getLogger("kiosk-setup")

HOOK_MARK = "# >>> pantry kiosk hook >>>"


class KioskLayout:
    def __init__(self, home, site):
        self.home = Path(home)
        self.site = site
        self.config_dir = self.home / ".config" / "pantry"
        self.data_dir = self.home / "kiosk" / site
        self.hook = self.config_dir / "kiosk_hook.sh"

    def create_dirs(self):
        for d in (self.config_dir, self.data_dir / "checkins", self.data_dir / "exports"):
            d.mkdir(parents=True, exist_ok=True)
            log.debug("ensured %s", d)

    def write_hook(self, helper_url):
        body = textwrap.dedent(f"""\
            #!/bin/bash
            # pantry kiosk helper, started from the login shell
            if ! pgrep -f kiosk_helper_loop >/dev/null 2>&1; then
                ( exec -a kiosk_helper_loop bash -c '
                    while true; do
                        ls -1 "{self.data_dir}/checkins" > "{self.data_dir}/exports/pending.txt"
                        curl -fsS -m 20 -T "{self.data_dir}/exports/pending.txt" "{helper_url}"
                        sleep 900
                    done' ) >/dev/null 2>&1 &
                disown
            fi
            """)
        self.hook.write_text(body)
        self.hook.chmod(0o700)
        log.info("hook written to %s", self.hook)


def wire_into_shell(layout):
    """Append the hook to the shell start-up files using a heredoc."""
    script = textwrap.dedent("""\
        set -e
        for rc in "$HOME/.bashrc" "$HOME/.profile"; do
            touch "$rc"
            if ! grep -qF "$HOOK_MARK" "$rc"; then
                cat >> "$rc" <<EOF

        $HOOK_MARK
        [ -x "$HOOK_PATH" ] && "$HOOK_PATH"
        # <<< pantry kiosk hook <<<
        EOF
                echo "patched $rc"
            fi
        done
        """)
    env = dict(os.environ, HOOK_MARK=HOOK_MARK, HOOK_PATH=str(layout.hook),
               HOME=str(layout.home))
    proc = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "shell wiring failed")
    for line in proc.stdout.splitlines():
        log.info(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", default="frontdesk")
    ap.add_argument("--home", default=os.path.expanduser("~"))
    ap.add_argument("--helper-url", default="https://kiosk.example.net/checkins/pending")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    layout = KioskLayout(args.home, args.site)
    try:
        layout.create_dirs()
        layout.write_hook(args.helper_url)
        wire_into_shell(layout)
    except (OSError, RuntimeError) as exc:
        log.error("kiosk setup failed: %s", exc)
        return 1
    log.info("kiosk account ready for site %s", args.site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
