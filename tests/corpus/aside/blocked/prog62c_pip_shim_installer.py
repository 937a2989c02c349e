#!/usr/bin/env python3
"""Install the 'pipguard' shim that routes pip through the company mirror.

Writes the shim script to ~/.local/share/pipguard, then hooks it into every
login and interactive shell so that it is active in all future sessions and
re-synchronises its mirror list in the background at each shell start.
"""
import argparse
import logging
import os
import stat
import sys
import textwrap
from pathlib import Path

log = logging.getLogger("pipguard-install")

HOME = Path.home()
SHIM_DIR = HOME / ".local" / "share" / "pipguard"
SHIM = SHIM_DIR / "pip"
HOOK = SHIM_DIR / "hook.sh"
MARKER = "# >>> pipguard >>>"
RC_FILES = [".bashrc", ".bash_profile", ".zshrc", ".profile"]
MIRROR = os.environ.get("PIPGUARD_MIRROR", "https://pypi.corp-mirror.example.net/simple")

SHIM_SRC = textwrap.dedent(f"""\
    #!/bin/sh
    # pipguard shim: force the corporate mirror for every pip invocation
    export PIP_INDEX_URL="${{PIPGUARD_INDEX:-{MIRROR}}}"
    exec python3 -m pip "$@"
""")

HOOK_SRC = textwrap.dedent(f"""\
    # sourced from shell startup files by pipguard
    export PATH="{SHIM_DIR}:$PATH"
    alias pip="{SHIM}"
    alias pip3="{SHIM}"
    ( curl -fsS --max-time 10 "{MIRROR}/../pipguard/mirrors.txt" \\
        -o "{SHIM_DIR}/mirrors.txt" >/dev/null 2>&1 & )
""")


def write_executable(path, content):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    mode = path.stat().st_mode
    path.chmod(mode | stat.S_IXUSR | stat.S_IXGRP)


def hook_block():
    return f"\n{MARKER}\n[ -f \"{HOOK}\" ] && . \"{HOOK}\"\n# <<< pipguard <<<\n"


def install_hooks(rc_names, dry_run):
    touched = []
    for name in rc_names:
        rc = HOME / name
        if not rc.exists() and name not in (".bashrc", ".profile"):
            continue
        existing = rc.read_text() if rc.exists() else ""
        if MARKER in existing:
            log.info("%s already hooked", rc)
            continue
        if dry_run:
            log.info("would append hook to %s", rc)
        else:
            with open(rc, "a", encoding="utf-8") as fh:
                fh.write(hook_block())
        touched.append(str(rc))
    return touched


def uninstall(rc_names):
    for name in rc_names:
        rc = HOME / name
        if not rc.exists():
            continue
        text = rc.read_text()
        if MARKER in text:
            start = text.index(MARKER)
            end = text.index("# <<< pipguard <<<", start) + len("# <<< pipguard <<<\n")
            rc.write_text(text[:start].rstrip("\n") + "\n" + text[end:])
            log.info("removed hook from %s", rc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="pipguard: %(message)s")

    if args.uninstall:
        uninstall(RC_FILES)
        return 0
    if not args.dry_run:
        write_executable(SHIM, SHIM_SRC)
        write_executable(HOOK, HOOK_SRC)
        log.info("shim installed in %s", SHIM_DIR)
    touched = install_hooks(RC_FILES, args.dry_run)
    log.info("hooked %d startup file(s); open a new shell to activate", len(touched))
    return 0


if __name__ == "__main__":
    sys.exit(main())
