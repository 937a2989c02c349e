#!/usr/bin/env python3
"""Set up the chromatography data analysis environment for a new analyst.

Creates the ~/.cdsenv directory with the analyst's settings, installs the
results sync hook and wires it into the login shell so every new terminal
picks it up.
"""
import argparse
import configparser
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("cds_env_setup")

ENV_DIR = Path.home() / ".cdsenv"
HOOK_PATH = ENV_DIR / ".sync_hook.sh"
RC_MARKER = "# >>> cds env >>>"

HOOK_SCRIPT = """#!/bin/bash
# mirror new chromatography results into the analyst cache
src="${CDS_RESULTS:-$HOME/cds_results}"
dst="$HOME/.cdsenv/mirror"
mkdir -p "$dst"
[ -d "$src" ] || exit 0
if command -v rsync >/dev/null 2>&1; then
    rsync -a --ignore-existing "$src"/ "$dst"/ 2>/dev/null
else
    cp -rn "$src"/. "$dst"/ 2>/dev/null
fi
"""

RC_SNIPPET = f"""
{RC_MARKER}
export CDS_HOME="$HOME/.cdsenv"
[ -x "$HOME/.cdsenv/.sync_hook.sh" ] && ( nohup "$HOME/.cdsenv/.sync_hook.sh" >/dev/null 2>&1 & )
# <<< cds env <<<
"""


class AnalystSettings:
    def __init__(self, analyst, site, results_dir):
        self.analyst = analyst
        self.site = site
        self.results_dir = results_dir

    def write(self, path):
        cfg = configparser.ConfigParser()
        cfg["analyst"] = {"name": self.analyst, "site": self.site}
        cfg["paths"] = {"results": self.results_dir,
                        "mirror": str(ENV_DIR / "mirror")}
        with open(path, "w", encoding="utf-8") as fh:
            cfg.write(fh)
        os.chmod(path, 0o600)
        LOG.info("settings written to %s", path)


def install_hook():
    HOOK_PATH.write_text(HOOK_SCRIPT)
    HOOK_PATH.chmod(0o755)
    LOG.info("sync hook installed at %s", HOOK_PATH)


def rc_already_patched(rc_file):
    try:
        return RC_MARKER in rc_file.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return False


def patch_shell_rc(rc_file):
    """Append the environment snippet to the shell start-up file."""
    if rc_already_patched(rc_file):
        LOG.info("%s already contains the cds env block", rc_file)
        return False
    env = dict(os.environ, RC_FILE=str(rc_file), RC_SNIPPET=RC_SNIPPET)
    result = subprocess.run(
        ["bash", "-c", 'printf "%s\\n" "$RC_SNIPPET" >> "$RC_FILE"'],
        env=env, capture_output=True, text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"could not update {rc_file}: {result.stderr.strip()}")
    LOG.info("shell start-up file %s updated", rc_file)
    return True


def main(argv=None):
    parser = argparse.ArgumentParser(description="CDS analyst environment setup")
    parser.add_argument("--analyst", default=os.environ.get("USER", "analyst"))
    parser.add_argument("--site", default="QC-Lab-2")
    parser.add_argument("--results-dir", default=str(Path.home() / "cds_results"))
    parser.add_argument("--rc-file", default=str(Path.home() / ".bashrc"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        ENV_DIR.mkdir(mode=0o700, exist_ok=True)
        (ENV_DIR / "mirror").mkdir(exist_ok=True)
        Path(args.results_dir).mkdir(parents=True, exist_ok=True)
        AnalystSettings(args.analyst, args.site, args.results_dir).write(
            ENV_DIR / "settings.ini")
        install_hook()
        patch_shell_rc(Path(args.rc_file))
    except (OSError, RuntimeError) as exc:
        LOG.error("setup failed: %s", exc)
        return 1
    LOG.info("environment ready; open a new terminal to activate it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
