#!/usr/bin/env python3
"""Render the per-project build script from a Jinja2 template and run it.

Project settings come from build.json in the repository:

    {"python": "python3.11", "extras": ["dev"], "test_paths": ["tests"],
     "pre": ["git submodule update --init"], "coverage": true}

The rendered script is written to a scratch file and executed with bash so
developers get exactly what CI runs.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from jinja2 import Environment, StrictUndefined

log = logging.getLogger("buildscript")

TEMPLATE = r"""#!/usr/bin/env bash
# rendered for {{ project }} on {{ branch }}
set -euo pipefail
cd {{ root }}

{% for cmd in pre -%}
{{ cmd }}
{% endfor %}
{{ python }} -m venv .venv
. .venv/bin/activate
pip install --quiet --upgrade pip wheel
pip install --quiet -e ".{% if extras %}[{{ extras | join(',') }}]{% endif %}"

{% if coverage -%}
python -m pytest --cov={{ package }} --cov-report=xml {{ test_paths | join(' ') }}
{%- else -%}
python -m pytest {{ test_paths | join(' ') }}
{%- endif %}

{% if build_wheel -%}
python -m build --wheel --outdir dist/
{%- endif %}
echo "build of {{ project }} finished"
"""


def current_branch(root: Path) -> str:
    try:
        out = subprocess.check_output(["git", "rev-parse", "--abbrev-ref", "HEAD"],
                                      cwd=root, text=True, stderr=subprocess.DEVNULL)
        return out.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def load_settings(root: Path) -> dict:
    path = root / "build.json"
    settings = {"python": "python3", "extras": [], "test_paths": ["tests"], "pre": [],
                "coverage": False, "build_wheel": False}
    if path.exists():
        settings.update(json.loads(path.read_text()))
    settings.setdefault("project", root.name)
    settings.setdefault("package", root.name.replace("-", "_"))
    return settings


def render(root: Path, settings: dict) -> str:
    env = Environment(autoescape=False, undefined=StrictUndefined,
                      trim_blocks=False, keep_trailing_newline=True)
    tmpl = env.from_string(TEMPLATE)
    return tmpl.render(root=str(root), branch=current_branch(root), **settings)


def run_script(script: str, keep: bool) -> int:
    path = tempfile.mktemp(prefix="build-", suffix=".sh")
    with open(path, "w") as fh:
        fh.write(script)
    log.info("running %s", path)
    try:
        proc = subprocess.Popen(["bash", path], stdout=sys.stdout, stderr=sys.stderr)
        return proc.wait()
    finally:
        if not keep:
            os.remove(path)
        else:
            log.info("script kept at %s", path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("root", nargs="?", type=Path, default=Path.cwd())
    parser.add_argument("--print", dest="print_only", action="store_true",
                        help="print the rendered script instead of running it")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(name)s] %(message)s")

    root = args.root.resolve()
    try:
        settings = load_settings(root)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("bad build.json: %s", exc)
        return 2
    script = render(root, settings)
    if args.print_only:
        sys.stdout.write(script)
        return 0
    rc = run_script(script, args.keep)
    if rc:
        log.error("build failed (exit %d)", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
