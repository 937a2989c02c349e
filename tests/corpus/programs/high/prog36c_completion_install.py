#!/usr/bin/env python3
"""compgen-install: generate and install tab completion for a CLI tool.

Reads a small JSON description of the tool's sub-commands and flags
(``completion.json`` by default), renders bash and zsh completion
scripts and installs them system-wide so every user gets them:

    bash -> /usr/share/bash-completion/completions/<tool>
    zsh  -> /usr/local/share/zsh/site-functions/_<tool>
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("compgen-install")

DESTINATIONS = {
    "bash": ("/usr/share/bash-completion/completions", "{tool}"),
    "zsh": ("/usr/local/share/zsh/site-functions", "_{tool}"),
}


def load_spec(path):
    spec = json.loads(Path(path).read_text())
    if "tool" not in spec:
        raise ValueError("spec needs a 'tool' key")
    spec.setdefault("commands", {})
    spec.setdefault("global_flags", [])
    return spec


def render_bash(spec):
    tool = spec["tool"]
    fn = "_" + tool.replace("-", "_")
    cmds = " ".join(sorted(spec["commands"]))
    gflags = " ".join(spec["global_flags"])
    cases = []
    for name, flags in sorted(spec["commands"].items()):
        cases.append(f'        {name}) opts="{" ".join(flags)} {gflags}" ;;')
    return "\n".join([
        f"# bash completion for {tool} (generated)",
        f"{fn}() {{",
        "    local cur=${COMP_WORDS[COMP_CWORD]} sub=${COMP_WORDS[1]} opts",
        "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
        f'        COMPREPLY=( $(compgen -W "{cmds} {gflags}" -- "$cur") ); return',
        "    fi",
        "    case $sub in",
        *cases,
        f'        *) opts="{gflags}" ;;',
        "    esac",
        '    COMPREPLY=( $(compgen -W "$opts" -- "$cur") )',
        "}",
        f"complete -F {fn} {tool}",
        "",
    ])


def render_zsh(spec):
    tool = spec["tool"]
    lines = [f"#compdef {tool}", "# zsh completion (generated)", "local -a subcmds", "subcmds=("]
    lines += [f"  '{name}:{name} command'" for name in sorted(spec["commands"])]
    lines += [")", "if (( CURRENT == 2 )); then", "  _describe 'command' subcmds", "  return",
              "fi", "case $words[2] in"]
    for name, flags in sorted(spec["commands"].items()):
        args = " ".join(f"'{f}[{f.lstrip('-')}]'" for f in flags + spec["global_flags"])
        lines.append(f"  {name}) _arguments {args} ;;")
    lines += ["esac", ""]
    return "\n".join(lines)


RENDERERS = {"bash": render_bash, "zsh": render_zsh}


def privileged_copy(src, dest, dry_run):
    dest = Path(dest)
    if os.geteuid() == 0:
        cmd = None
        if not dry_run:
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest)
            os.chmod(dest, 0o644)
            os.chown(dest, 0, 0)
    else:
        cmd = ["sudo", "install", "-D", "-m", "644", str(src), str(dest)]
        if not dry_run:
            subprocess.run(cmd, check=True)
    log.info("%s %s", "would install" if dry_run else "installed", dest)
    return cmd


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec", nargs="?", default="completion.json")
    ap.add_argument("--shell", action="append", choices=sorted(RENDERERS),
                    help="limit to these shells (default: all)")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(name)s: %(message)s")
    try:
        spec = load_spec(args.spec)
    except (OSError, ValueError) as exc:
        log.error("bad spec: %s", exc)
        return 1

    shells = args.shell or sorted(RENDERERS)
    with tempfile.TemporaryDirectory(prefix="compgen-") as stage:
        for sh in shells:
            directory, pattern = DESTINATIONS[sh]
            staged = Path(stage) / pattern.format(tool=spec["tool"])
            staged.write_text(RENDERERS[sh](spec))
            try:
                privileged_copy(staged, Path(directory) / staged.name, args.dry_run)
            except subprocess.CalledProcessError as exc:
                log.error("install for %s failed: %s", sh, exc)
                return 1
    print("open a new shell to use the completions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
