#!/usr/bin/env python3
"""Let the deploy group restart the web app without a full root shell.

Renders a sudoers drop-in that allows members of the given group to run
exactly one command (restart of the app's service unit), stages it in
./build/sudoers/ inside the project, validates it with `visudo -cf`,
and installs it to /etc/sudoers.d/ with sudo, owner root and mode 0440.
"""
import argparse
import re
import subprocess
import sys
import textwrap
from pathlib import Path

PROJECT = Path.cwd()
STAGE_DIR = PROJECT / "build" / "sudoers"
SUDOERS_D = "/etc/sudoers.d"

TEMPLATE = textwrap.dedent("""\
    # Managed by deploy tooling: allow %{group} to restart {unit}.
    Cmnd_Alias {alias} = /usr/bin/systemctl restart {unit}, \\
                         /usr/bin/systemctl status {unit}
    %{group} ALL=(root) NOPASSWD: {alias}
    """)

SAFE = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


def render(group: str, app: str) -> str:
    if not SAFE.match(group) or not SAFE.match(app):
        raise ValueError("group and app must be lowercase identifiers")
    return TEMPLATE.format(
        group=group,
        unit=f"{app}.service",
        alias=f"{app.upper().replace('-', '_')}_CTL",
    )


def stage(text: str, app: str) -> Path:
    STAGE_DIR.mkdir(parents=True, exist_ok=True)
    path = STAGE_DIR / f"90-{app}-deploy"
    path.write_text(text, encoding="utf-8")
    path.chmod(0o600)
    return path


def validate(path: Path) -> bool:
    proc = subprocess.run(["visudo", "-c", "-f", str(path)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        print(proc.stdout + proc.stderr, file=sys.stderr)
        return False
    return True


def install(path: Path, app: str) -> str:
    target = f"{SUDOERS_D}/90-{app}-deploy"
    cmd = ["sudo", "install", "-o", "root", "-g", "root", "-m", "0440",
           str(path), target]
    print("+", " ".join(cmd))
    subprocess.run(cmd, check=True)
    return target


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="deploy")
    ap.add_argument("--app", default="webshop")
    ap.add_argument("--stage-only", action="store_true")
    opts = ap.parse_args(argv)

    try:
        text = render(opts.group, opts.app)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    staged = stage(text, opts.app)
    print(f"staged {staged.relative_to(PROJECT)}")
    if not validate(staged):
        print("error: sudoers syntax check failed, not installing", file=sys.stderr)
        return 1
    if opts.stage_only:
        return 0

    target = install(staged, opts.app)
    subprocess.run(["sudo", "visudo", "-c"], check=True)
    print(f"installed {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
