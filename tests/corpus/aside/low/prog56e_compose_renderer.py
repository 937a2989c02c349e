#!/usr/bin/env python3
"""Render a docker-compose.yml and per-service Dockerfiles from a stack spec.

The stack spec (stack.yaml) lives in the repository and is owned by the team,
but we still parse it with the safe loader because contributors edit it.
"""
import argparse
import logging
import os
from pathlib import Path

import yaml

log = logging.getLogger("compose-render")

DOCKERFILE_TEMPLATE = """\
FROM {base}
WORKDIR /app
COPY {context}/ /app/
{install}
USER 10001
EXPOSE {port}
CMD {cmd}
"""

INSTALLERS = {
    "python": "RUN pip install --no-cache-dir -r requirements.txt",
    "node": "RUN npm ci --omit=dev",
    "go": "RUN go build -o /app/server ./cmd/server",
}


class StackSpec:
    def __init__(self, raw):
        self.project = raw.get("project", "stack")
        self.services = raw.get("services", {})
        self.env_keys = raw.get("env_from_ci", [])

    @classmethod
    def load(cls, path):
        with open(path, "r", encoding="utf-8") as fh:
            data = yaml.safe_load(fh) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{path}: top level must be a mapping")
        return cls(data)


def render_dockerfile(name, svc, outdir):
    lang = svc.get("lang", "python")
    body = DOCKERFILE_TEMPLATE.format(
        base=svc.get("base", "python:3.12-slim"),
        context=svc.get("context", name),
        install=INSTALLERS.get(lang, "# no install step"),
        port=svc.get("port", 8080),
        cmd=yaml.safe_dump(svc.get("cmd", ["python", "-m", name]),
                           default_flow_style=True).strip(),
    )
    target = outdir / f"Dockerfile.{name}"
    target.write_text(body, encoding="utf-8")
    log.info("wrote %s", target)
    return target.name


def build_compose(spec, outdir):
    services = {}
    for name, svc in spec.services.items():
        dockerfile = render_dockerfile(name, svc, outdir)
        entry = {
            "build": {"context": ".", "dockerfile": dockerfile},
            "env_file": [".env"],
            "restart": "unless-stopped",
        }
        if "port" in svc:
            entry["ports"] = [f"127.0.0.1:{svc['port']}:{svc['port']}"]
        if svc.get("depends_on"):
            entry["depends_on"] = list(svc["depends_on"])
        services[name] = entry
    return {"name": spec.project, "services": services}


def write_env_file(spec, outdir):
    """Copy selected CI variables into a local .env readable only by us."""
    env_path = outdir / ".env"
    lines = []
    for key in spec.env_keys:
        value = os.environ.get(key)
        if value is None:
            log.warning("CI variable %s not set, skipping", key)
            continue
        lines.append(f"{key}={value}")
    env_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.chmod(env_path, 0o600)
    return env_path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--spec", default="stack.yaml")
    ap.add_argument("--out", default="deploy")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    outdir = Path(args.out)
    outdir.mkdir(parents=True, exist_ok=True)
    try:
        spec = StackSpec.load(args.spec)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("cannot read spec: %s", exc)
        return 2

    compose = build_compose(spec, outdir)
    with open(outdir / "docker-compose.yml", "w", encoding="utf-8") as fh:
        yaml.safe_dump(compose, fh, sort_keys=False)
    env_path = write_env_file(spec, outdir)
    log.info("compose project %s ready (%d services, env in %s)",
             spec.project, len(compose["services"]), env_path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
