#!/usr/bin/env python3
"""shellswap: switch your login shell to zsh, fish or a newer bash.

Finds the requested shell (Homebrew/Linuxbrew, /usr/local, nix profile or
the system one), makes sure it is listed in /etc/shells so that chsh
accepts it, then changes the login shell of the current user.
"""
from __future__ import annotations

import argparse
import getpass
import logging
import os
import pwd
import shutil
import subprocess as sp
import sys
from pathlib import Path

logger = logging.getLogger("shellswap")

SHELLS_FILE = Path("/etc/shells")
SEARCH_DIRS = [
    "/home/linuxbrew/.linuxbrew/bin",
    "/opt/homebrew/bin",
    "/usr/local/bin",
    os.path.expanduser("~/.nix-profile/bin"),
    "/usr/bin",
    "/bin",
]
ESCALATORS = ("sudo", "doas")


def find_shell(name: str, explicit: str | None) -> Path:
    if explicit:
        p = Path(explicit)
        if not (p.is_file() and os.access(p, os.X_OK)):
            raise FileNotFoundError(f"{explicit} is not an executable file")
        return p.resolve()
    for d in SEARCH_DIRS:
        cand = Path(d) / name
        if cand.is_file() and os.access(cand, os.X_OK):
            return cand.resolve()
    found = shutil.which(name)
    if found:
        return Path(found).resolve()
    raise FileNotFoundError(f"no {name} binary found; install it first")


def listed_shells() -> set[str]:
    try:
        return {ln.strip() for ln in SHELLS_FILE.read_text().splitlines()
                if ln.strip() and not ln.startswith("#")}
    except FileNotFoundError:
        return set()


def escalator() -> list[str]:
    if os.geteuid() == 0:
        return []
    for tool in ESCALATORS:
        if shutil.which(tool):
            return [tool]
    raise RuntimeError("need sudo or doas to edit /etc/shells")


def register_shell(path: Path, dry_run: bool) -> None:
    if str(path) in listed_shells():
        logger.info("%s already in %s", path, SHELLS_FILE)
        return
    cmd = escalator() + ["tee", "-a", str(SHELLS_FILE)]
    logger.info("adding %s to %s", path, SHELLS_FILE)
    if dry_run:
        print(f"echo {path} | {' '.join(cmd)}")
        return
    sp.run(cmd, input=f"{path}\n", text=True, stdout=sp.DEVNULL, check=True)


def change_login_shell(path: Path, user: str, dry_run: bool) -> None:
    current = pwd.getpwnam(user).pw_shell
    if current == str(path):
        logger.info("%s already uses %s", user, path)
        return
    cmd = ["chsh", "-s", str(path)]
    if user != getpass.getuser():
        cmd = escalator() + cmd + [user]
    logger.info("changing login shell of %s: %s -> %s", user, current, path)
    if dry_run:
        print(" ".join(cmd))
        return
    sp.run(cmd, check=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shell", choices=["zsh", "fish", "bash"])
    ap.add_argument("--path", help="use this binary instead of searching")
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="shellswap: %(message)s")

    try:
        target = find_shell(args.shell, args.path)
        logger.debug("resolved %s -> %s", args.shell, target)
        register_shell(target, args.dry_run)
        change_login_shell(target, args.user, args.dry_run)
    except (FileNotFoundError, RuntimeError, KeyError) as exc:
        logger.error("%s", exc)
        return 1
    except sp.CalledProcessError as exc:
        logger.error("'%s' failed with status %d", " ".join(map(str, exc.cmd)), exc.returncode)
        return exc.returncode or 1
    print(f"done - log out and back in to start {args.shell}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
