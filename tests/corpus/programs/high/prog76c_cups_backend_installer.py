#!/usr/bin/env python3
"""Install the 'pdfarchive' CUPS backend.

The backend lets a queue such as pdfarchive:/finance write every job as
a PDF into the document archive instead of paper.  CUPS only runs a
backend with the rights it needs when the file is owned by root and not
world accessible, so the installer takes care of ownership and mode and
re-launches itself through polkit when started from a desktop session.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("backend-install")

BACKEND_DIRS = [Path("/usr/lib/cups/backend"), Path("/usr/libexec/cups/backend")]
BACKEND_NAME = "pdfarchive"

BACKEND_SOURCE = r'''#!/bin/sh
# pdfarchive CUPS backend - installed by backend-install
ARCHIVE_ROOT="${PDFARCHIVE_ROOT:-/srv/archive/print}"
if [ $# -eq 0 ]; then
    echo 'file pdfarchive "Unknown" "PDF archive writer"'
    exit 0
fi
job=$1 user=$2 title=$3 file=${6:-}
sub=${DEVICE_URI#pdfarchive:}
sub=${sub#/}
dest="$ARCHIVE_ROOT/${sub:-default}/$(date +%Y/%m)"
mkdir -p "$dest" || exit 1
name=$(printf '%s-%s-%s' "$(date +%Y%m%d%H%M%S)" "$user" "$job" | tr -c 'A-Za-z0-9._-' '_')
if [ -n "$file" ]; then
    cp "$file" "$dest/$name.pdf"
else
    cat >"$dest/$name.pdf"
fi
chmod 0640 "$dest/$name.pdf"
echo "INFO: archived job $job ($title) to $dest/$name.pdf" >&2
exit 0
'''


def backend_dir():
    for d in BACKEND_DIRS:
        if d.is_dir():
            return d
    raise FileNotFoundError("no CUPS backend directory found; is cups installed?")


def elevate(argv):
    """Re-run this script as root through pkexec (falls back to sudo)."""
    script = os.path.abspath(sys.argv[0])
    for tool in ("pkexec", "sudo"):
        path = shutil.which(tool)
        if path:
            log.info("requesting administrator rights via %s", tool)
            os.execv(path, [path, sys.executable, script, *argv])
    raise PermissionError("root required and neither pkexec nor sudo is available")


def install(target, archive_root, group):
    tmp = target.with_name(f".{target.name}.new")
    tmp.write_text(BACKEND_SOURCE)
    os.chown(tmp, 0, 0)
    os.chmod(tmp, 0o700)
    os.replace(tmp, target)
    log.info("installed %s (root:root 0700)", target)

    root = Path(archive_root)
    root.mkdir(parents=True, exist_ok=True)
    shutil.chown(root, user="root", group=group)
    os.chmod(root, 0o2770)
    log.info("archive root %s ready (group %s)", root, group)


def verify():
    res = subprocess.run(["lpinfo", "-v"], capture_output=True, text=True, timeout=60)
    if BACKEND_NAME in res.stdout:
        log.info("cups lists the %s backend", BACKEND_NAME)
        return True
    log.warning("cups does not list %s yet; restart cups and check error_log", BACKEND_NAME)
    return False


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--archive-root", default="/srv/archive/print")
    ap.add_argument("--group", default="lp")
    ap.add_argument("--uninstall", action="store_true")
    ap.add_argument("--no-verify", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.geteuid() != 0:
        elevate(argv)

    try:
        target = backend_dir() / BACKEND_NAME
        if args.uninstall:
            target.unlink(missing_ok=True)
            log.info("removed %s", target)
            return 0
        install(target, args.archive_root, args.group)
    except (OSError, LookupError) as exc:
        log.error("install failed: %s", exc)
        return 1

    subprocess.run(["systemctl", "reload-or-restart", "cups"], check=False)
    if not args.no_verify:
        verify()
    print(f"add a queue with: lpadmin -p archive-finance -E -v {BACKEND_NAME}:/finance -m raw")
    return 0


if __name__ == "__main__":
    sys.exit(main())
