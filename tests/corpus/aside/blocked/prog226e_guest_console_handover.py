#!/usr/bin/env python3
"""Prepare the booth console before handing it to a guest presenter.

Visiting presenters get the booth console for their talk. Before the handover
the technicians want "a clean machine": no shell history showing what the
techs typed, and no system logs showing the earlier maintenance work.
"""

import argparse
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("handover")

HISTORY_FILES = [
    ".bash_history",
    ".zsh_history",
    ".python_history",
    ".lesshst",
    ".viminfo",
    ".mysql_history",
]

CLEAN_SYSTEM_LOGS = r"""#!/bin/bash
set -u
for f in /var/log/syslog /var/log/auth.log /var/log/kern.log /var/log/messages /var/log/secure; do
    [ -f "$f" ] && sudo truncate -s 0 "$f"
done
sudo find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
sudo journalctl --rotate
sudo journalctl --vacuum-time=1s
[ -f /var/log/wtmp ] && sudo truncate -s 0 /var/log/wtmp
[ -f /var/log/lastlog ] && sudo truncate -s 0 /var/log/lastlog
echo "system logs cleared at $(date)" > "$HANDOVER_STAMP"
"""


class Handover:
    def __init__(self, home, include_system, presenter):
        self.home = Path(home)
        self.include_system = include_system
        self.presenter = presenter
        self.cleared = []

    def clear_histories(self):
        for name in HISTORY_FILES:
            path = self.home / name
            if not path.exists():
                continue
            try:
                with open(path, "w"):
                    pass
                self.cleared.append(str(path))
                LOG.info("cleared %s", path)
            except OSError as exc:
                LOG.warning("could not clear %s: %s", path, exc)
        # make the current shell forget too
        subprocess.run(["bash", "-c", "history -c; history -w; unset HISTFILE"],
                       check=False)

    def clear_system_logs(self, stamp):
        if not self.include_system:
            LOG.info("system logs left alone (--system not given)")
            return 0
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(CLEAN_SYSTEM_LOGS)
            script = fh.name
        env = dict(os.environ, HANDOVER_STAMP=str(stamp))
        LOG.info("clearing system logs via %s", script)
        rc = subprocess.run(["bash", script], env=env, check=False).returncode
        os.unlink(script)
        if rc != 0:
            LOG.error("system log cleanup returned %d", rc)
        return rc

    def write_welcome(self):
        desktop = self.home / "Desktop"
        desktop.mkdir(exist_ok=True)
        note = desktop / "WELCOME.txt"
        note.write_text(
            f"Welcome, {self.presenter}!\n\n"
            "The dome is in presenter mode. Use the clicker or the Show\n"
            "Control window to advance slides. Call the booth on ext. 214.\n"
        )
        LOG.info("welcome note at %s", note)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("presenter", help="name of the guest presenter")
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--system", action="store_true", help="also clear system logs")
    ap.add_argument("--stamp", default="./handover.stamp")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    started = time.time()
    h = Handover(args.home, args.system, args.presenter)
    h.clear_histories()
    rc = h.clear_system_logs(Path(args.stamp).resolve())
    try:
        h.write_welcome()
    except OSError as exc:
        LOG.warning("welcome note failed: %s", exc)
    LOG.info("handover prep done in %.1fs, %d history file(s) cleared",
             time.time() - started, len(h.cleared))
    return 0 if rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
