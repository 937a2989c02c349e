#!/usr/bin/env python3
"""Make a freshly built or Homebrew/Nix-installed shell usable as login shell.

``chsh`` refuses shells that are not listed in /etc/shells, which is the
usual stumbling block after ``brew install fish`` or building zsh from
source into ~/.local.  This helper:

  1. resolves the shell binary and sanity-checks it (``--version``),
  2. appends it to /etc/shells if missing (needs root: sudo/doas),
  3. optionally switches the current user's login shell with chsh.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

SHELLS_FILE = Path("/etc/shells")
KNOWN = ("fish", "zsh", "bash", "nu", "xonsh", "elvish", "ksh", "mksh", "yash")

log = logging.getLogger("shell-register")


def elevation_prefix():
    if os.geteuid() == 0:
        return []
    for tool in ("sudo", "doas"):
        path = shutil.which(tool)
        if path:
            return [path]
    raise SystemExit("need root privileges but neither sudo nor doas is installed")


def resolve_shell(name_or_path):
    candidate = name_or_path
    if os.sep not in candidate:
        found = shutil.which(candidate)
        if not found:
            raise SystemExit(f"{candidate}: not found in PATH")
        candidate = found
    path = Path(candidate).resolve()
    if not path.is_file() or not os.access(path, os.X_OK):
        raise SystemExit(f"{path} is not an executable file")
    if path.name not in KNOWN:
        log.warning("%s is not a shell I recognise; continuing anyway", path.name)
    return path


def probe_version(path):
    try:
        out = subprocess.run([str(path), "--version"], capture_output=True,
                             text=True, timeout=5)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SystemExit(f"{path} failed to start: {exc}")
    first = (out.stdout or out.stderr).strip().splitlines()
    return first[0] if first else "unknown version"


def listed_shells():
    try:
        text = SHELLS_FILE.read_text()
    except FileNotFoundError:
        return []
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]


def register(path, dry_run=False):
    entry = str(path)
    if entry in listed_shells():
        log.info("%s already present in %s", entry, SHELLS_FILE)
        return False
    if dry_run:
        log.info("would append %s to %s", entry, SHELLS_FILE)
        return True
    prefix = elevation_prefix()
    if not prefix:
        with SHELLS_FILE.open("a") as fh:
            fh.write(entry + "\n")
    else:
        log.info("appending %s to %s via %s", entry, SHELLS_FILE, Path(prefix[0]).name)
        proc = subprocess.run(prefix + ["tee", "-a", str(SHELLS_FILE)],
                              input=entry + "\n", text=True,
                              stdout=subprocess.DEVNULL)
        if proc.returncode != 0:
            raise SystemExit(f"failed to update {SHELLS_FILE} (exit {proc.returncode})")
    return True


def unregister(path, dry_run=False):
    entry = str(path)
    remaining = [s for s in listed_shells() if s != entry]
    if len(remaining) == len(listed_shells()):
        log.info("%s not listed", entry)
        return
    if dry_run:
        log.info("would remove %s from %s", entry, SHELLS_FILE)
        return
    prefix = elevation_prefix()
    subprocess.run(prefix + ["sed", "-i", f"\\#^{entry}$#d", str(SHELLS_FILE)], check=True)
    log.info("removed %s from %s", entry, SHELLS_FILE)


def switch_login_shell(path, dry_run=False):
    user = os.environ.get("USER") or os.getlogin()
    if dry_run:
        log.info("would run chsh -s %s %s", path, user)
        return
    log.info("changing login shell of %s to %s (you may be asked for your password)", user, path)
    subprocess.run(["chsh", "-s", str(path)], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("shell", help="shell name or path, e.g. fish or ~/.local/bin/zsh")
    ap.add_argument("--chsh", action="store_true", help="also make it my login shell")
    ap.add_argument("--remove", action="store_true", help="unregister instead")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    path = resolve_shell(os.path.expanduser(args.shell))
    if args.remove:
        unregister(path, args.dry_run)
        return 0
    log.info("found %s (%s)", path, probe_version(path))
    register(path, args.dry_run)
    if args.chsh:
        switch_login_shell(path, args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
