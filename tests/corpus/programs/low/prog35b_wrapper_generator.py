#!/usr/bin/env python3
"""Generate per-service launcher scripts from wrappers.ini.

Each [service:NAME] section becomes ./generated/NAME.sh, a small bash
launcher that sources a per-service env file and execs the configured
entry point.  The generator only writes text files into ./generated;
it never runs them.  When REGISTRY_API_TOKEN is set, the list of
generated launchers is reported to the internal build registry.
"""

import argparse
import configparser
import hashlib
import json
import logging
import os
import shlex
import string
import sys
from pathlib import Path

import requests

log = logging.getLogger("wrapgen")

REGISTRY_URL = "https://registry.build.internal.example.com/api/v2/launchers"

LAUNCHER_TMPL = string.Template("""\
#!/usr/bin/env bash
# launcher for ${name} -- generated, edit wrappers.ini instead
set -euo pipefail
here="$$(cd "$$(dirname "$${BASH_SOURCE[0]}")" && pwd)"
if [[ -r "$$here/${name}.env" ]]; then
    set -a; . "$$here/${name}.env"; set +a
fi
declare -a extra=(${extra_args})
cd ${workdir}
exec ${entry} "$${extra[@]}" "$$@"
""")

ENV_TMPL = string.Template("""\
# environment for ${name}
$lines
""")


def load_services(path: Path):
    cp = configparser.ConfigParser(interpolation=configparser.ExtendedInterpolation())
    if not cp.read(path, encoding="utf-8"):
        raise FileNotFoundError(path)
    services = {}
    for section in cp.sections():
        kind, _, name = section.partition(":")
        if kind != "service" or not name:
            continue
        sec = cp[section]
        services[name] = {
            "entry": sec.get("entry"),
            "workdir": sec.get("workdir", "."),
            "args": sec.get("args", ""),
            "env": {k[4:].upper(): v for k, v in sec.items() if k.startswith("env_")},
        }
    return services


def render_launcher(name, spec):
    if not spec["entry"]:
        raise ValueError(f"service {name} has no entry")
    extra = " ".join(shlex.quote(a) for a in shlex.split(spec["args"]))
    return LAUNCHER_TMPL.substitute(
        name=name,
        entry=" ".join(shlex.quote(p) for p in shlex.split(spec["entry"])),
        workdir=shlex.quote(spec["workdir"]),
        extra_args=extra,
    )


def render_env(name, env):
    lines = "\n".join(f"{k}={shlex.quote(v)}" for k, v in sorted(env.items()))
    return ENV_TMPL.substitute(name=name, lines=lines)


def write_outputs(outdir: Path, name, spec, dry_run):
    launcher = outdir / f"{name}.sh"
    envfile = outdir / f"{name}.env"
    body = render_launcher(name, spec)
    if dry_run:
        print(f"--- {launcher}\n{body}")
        return launcher, hashlib.sha256(body.encode()).hexdigest()
    launcher.write_text(body, encoding="utf-8")
    envfile.write_text(render_env(name, spec["env"]), encoding="utf-8")
    os.chmod(envfile, 0o600)  # env files may hold local settings
    log.info("wrote %s (+ %s)", launcher, envfile.name)
    return launcher, hashlib.sha256(body.encode()).hexdigest()


def report(results, project):
    token = os.environ.get("REGISTRY_API_TOKEN")
    if not token:
        log.info("REGISTRY_API_TOKEN not set, skipping registry report")
        return
    payload = {
        "project": project,
        "launchers": [{"name": p.stem, "sha256": digest} for p, digest in results],
    }
    try:
        resp = requests.post(
            REGISTRY_URL,
            headers={"Authorization": f"Bearer {token}"},
            data=json.dumps(payload),
            timeout=10,
        )
        resp.raise_for_status()
        log.info("registry accepted %d launchers", len(results))
    except requests.RequestException as exc:
        log.warning("registry report failed: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("wrappers.ini"))
    ap.add_argument("-o", "--outdir", type=Path, default=Path("generated"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--no-report", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        services = load_services(args.config)
    except (FileNotFoundError, configparser.Error) as exc:
        log.error("config problem: %s", exc)
        return 2

    args.outdir.mkdir(parents=True, exist_ok=True)
    results = []
    for name, spec in sorted(services.items()):
        if args.only and name not in args.only:
            continue
        try:
            results.append(write_outputs(args.outdir, name, spec, args.dry_run))
        except ValueError as exc:
            log.error("%s", exc)
    if results and not (args.dry_run or args.no_report):
        report(results, Path.cwd().name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
