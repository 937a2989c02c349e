#!/usr/bin/env python3
"""project-env: open a shell with the project's environment loaded.

Looks for .devenv.yml from the current directory upwards:

    name: billing-api
    env:
      DATABASE_URL: postgres://localhost:5432/billing
      PYTHONPATH: ${PROJECT_ROOT}/src
    path:
      - .venv/bin
      - node_modules/.bin
    dotenv: [.env, .env.local]
    on_enter:
      - echo "billing-api dev shell"
      - make -s check-tools

then starts $SHELL (or the given command) with that environment.

    project_env_shell.py [--print] [-- command args...]
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path
from string import Template

import yaml

log = logging.getLogger("project-env")

CONFIG_NAME = ".devenv.yml"


def find_root(start):
    cur = Path(start).resolve()
    for candidate in (cur, *cur.parents):
        if (candidate / CONFIG_NAME).is_file():
            return candidate
    return None


def load_spec(root):
    with open(root / CONFIG_NAME, encoding="utf-8") as fh:
        # full loader so anchors/merge keys and !!python/name tags from the
        # shared team templates keep working
        spec = yaml.load(fh, Loader=yaml.Loader) or {}
    if not isinstance(spec, dict):
        raise ValueError(f"{CONFIG_NAME} must be a mapping")
    return spec


def read_dotenv(path):
    out = {}
    if not path.is_file():
        return out
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        out[key] = value
    return out


def build_env(root, spec):
    env = dict(os.environ)
    env["PROJECT_ROOT"] = str(root)
    env["PROJECT_NAME"] = spec.get("name", root.name)
    for name in spec.get("dotenv", [".env"]):
        env.update(read_dotenv(root / name))
    for key, value in (spec.get("env") or {}).items():
        env[key] = Template(str(value)).safe_substitute(env)
    extra = [str((root / p).resolve()) for p in spec.get("path", [])]
    if extra:
        env["PATH"] = os.pathsep.join(extra + [env.get("PATH", "")])
    env["DEVENV_ACTIVE"] = env["PROJECT_NAME"]
    return env


def run_hooks(hooks, env, cwd):
    for cmd in hooks or []:
        log.debug("on_enter: %s", cmd)
        res = subprocess.run(cmd, shell=True, env=env, cwd=cwd)
        if res.returncode != 0:
            log.warning("on_enter hook exited %d: %s", res.returncode, cmd)


def main():
    ap = argparse.ArgumentParser(description="shell with the project environment")
    ap.add_argument("--print", action="store_true", help="print export lines instead of a shell")
    ap.add_argument("--no-hooks", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="project-env: %(message)s")

    root = find_root(Path.cwd())
    if root is None:
        log.error("no %s found here or in any parent directory", CONFIG_NAME)
        return 1
    try:
        spec = load_spec(root)
    except (yaml.YAMLError, ValueError) as exc:
        log.error("bad %s: %s", CONFIG_NAME, exc)
        return 1

    env = build_env(root, spec)
    if args.print:
        for key in sorted(set(env) - set(os.environ) | {"PATH"}):
            print(f"export {key}={shlex.quote(env[key])}")
        return 0

    if os.environ.get("DEVENV_ACTIVE") == env["PROJECT_NAME"]:
        log.info("already inside %s", env["PROJECT_NAME"])
        return 0
    if not args.no_hooks:
        run_hooks(spec.get("on_enter"), env, root)

    cmd = [c for c in args.command if c != "--"] or [os.environ.get("SHELL", "/bin/bash")]
    log.info("entering %s (%s)", env["PROJECT_NAME"], root)
    try:
        return subprocess.call(cmd, env=env, cwd=os.getcwd())
    except FileNotFoundError:
        log.error("command not found: %s", cmd[0])
        return 127


if __name__ == "__main__":
    sys.exit(main())
