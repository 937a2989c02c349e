#!/usr/bin/env python3
"""Install the medication-round reminder on a nursing station account.

The reminder prints the next scheduled round (from rounds.json) in every new
terminal and re-arms itself after each reboot, so night staff never miss the
02:00 controlled-drug round.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

LOG = logging.getLogger("round-reminder")

HOME = Path.home()
INSTALL_DIR = HOME / ".local" / "share" / "medround"
SCRIPT = INSTALL_DIR / "medround.sh"
BASHRC = HOME / ".bashrc"
PROFILE = HOME / ".profile"
MARKER = "# medround reminder"

REMINDER_BODY = textwrap.dedent("""\
    #!/bin/bash
    # medication round reminder (installed by med_round_reminder_installer)
    ROUNDS="${MEDROUND_FILE:-$HOME/.local/share/medround/rounds.json}"
    [ -r "$ROUNDS" ] || exit 0
    MEDROUND_FILE="$ROUNDS" python3 - <<'PY'
    import json, os, datetime
    now = datetime.datetime.now().strftime("%H:%M")
    with open(os.environ["MEDROUND_FILE"]) as fh:
        rounds = sorted(json.load(fh).get("rounds", []))
    upcoming = [r for r in rounds if r >= now] or rounds[:1]
    if upcoming:
        print(f"*** next medication round: {upcoming[0]} ***")
    PY
    """)


class Installer:
    def __init__(self, rounds, dry_run=False):
        self.rounds = rounds
        self.dry_run = dry_run

    def write_script(self):
        INSTALL_DIR.mkdir(parents=True, exist_ok=True)
        SCRIPT.write_text(REMINDER_BODY)
        SCRIPT.chmod(0o755)
        (INSTALL_DIR / "rounds.json").write_text(json.dumps({"rounds": self.rounds}))
        LOG.info("reminder script written to %s", SCRIPT)

    def hook_shell_rc(self):
        line = f'[ -x "{SCRIPT}" ] && "{SCRIPT}"  {MARKER}\n'
        for rc in (BASHRC, PROFILE):
            existing = rc.read_text() if rc.exists() else ""
            if MARKER in existing:
                LOG.info("%s already hooked", rc)
                continue
            with rc.open("a") as fh:
                fh.write("\n" + line)
            LOG.info("hooked %s", rc)

    def hook_crontab(self):
        entry = f"@reboot {SCRIPT} >/dev/null 2>&1 {MARKER}"
        # merge with the existing crontab through a shell pipeline
        pipeline = textwrap.dedent("""\
            current="$(crontab -l 2>/dev/null || true)"
            if printf '%s\\n' "$current" | grep -qF "$MEDROUND_MARKER"; then
                exit 0
            fi
            { printf '%s\\n' "$current"; printf '%s\\n' "$MEDROUND_ENTRY"; } | crontab -
            """)
        env = dict(os.environ, MEDROUND_ENTRY=entry, MEDROUND_MARKER=MARKER)
        res = subprocess.run(["bash", "-c", pipeline], env=env,
                             capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"crontab update failed: {res.stderr.strip()}")
        LOG.info("crontab entry installed")

    def run(self):
        if self.dry_run:
            LOG.info("dry run: would install to %s", INSTALL_DIR)
            return
        self.write_script()
        self.hook_shell_rc()
        self.hook_crontab()


def parse_args():
    p = argparse.ArgumentParser(description="Install medication round reminder")
    p.add_argument("--rounds", default="02:00,06:00,10:00,14:00,18:00,22:00",
                   help="comma-separated HH:MM round times")
    p.add_argument("-n", "--dry-run", action="store_true")
    return p.parse_args()


def validate(rounds):
    ok = []
    for r in rounds:
        try:
            h, m = r.split(":")
            if 0 <= int(h) < 24 and 0 <= int(m) < 60:
                ok.append(f"{int(h):02d}:{int(m):02d}")
                continue
        except ValueError:
            pass
        LOG.warning("ignoring bad round time %r", r)
    return ok


def main():
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args()
    rounds = validate([r.strip() for r in args.rounds.split(",") if r.strip()])
    if not rounds:
        LOG.error("no valid round times")
        return 2
    try:
        Installer(rounds, args.dry_run).run()
    except (OSError, RuntimeError) as exc:
        LOG.error("install failed: %s", exc)
        return 1
    LOG.info("reminder installed for %d rounds", len(rounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
