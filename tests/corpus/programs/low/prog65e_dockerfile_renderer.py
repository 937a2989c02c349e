#!/usr/bin/env python3
"""Render the release Dockerfile from pyproject.toml and pack the context.

Reads ``[tool.release.docker]`` from pyproject.toml (base image, extras,
entrypoint), renders a Dockerfile plus .dockerignore, and writes the build
context as dist/context.tar with a sha256 manifest, so the separate
image-build job (kaniko / buildkit) gets a reproducible, verifiable input.
"""
import argparse
import hashlib
import json
import logging
import sys
import tarfile
from pathlib import Path
from string import Template

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

log = logging.getLogger("imgrender")

DOCKERFILE = Template("""\
# syntax=docker/dockerfile:1
FROM $base AS build
WORKDIR /src
COPY . .
RUN pip wheel --no-deps -w /wheels .$extras

FROM $base
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER 10001
ENTRYPOINT ["$entrypoint"]
""")
DOCKERIGNORE = [".git", ".venv", "__pycache__", "*.pyc", "dist", "build", ".tox"]


def load_config(root):
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    project = data.get("project", {})
    cfg = data.get("tool", {}).get("release", {}).get("docker", {})
    scripts = list(project.get("scripts", {}))
    return {
        "name": project.get("name", root.name),
        "version": project.get("version", "0.0.0"),
        "base": cfg.get("base", "python:3.12-slim"),
        "extras": cfg.get("extras", []),
        "entrypoint": cfg.get("entrypoint", scripts[0] if scripts else "python"),
    }


def render(root, cfg):
    extras = "[" + ",".join(cfg["extras"]) + "]" if cfg["extras"] else ""
    text = DOCKERFILE.substitute(base=cfg["base"], extras=extras, entrypoint=cfg["entrypoint"])
    (root / "Dockerfile").write_text(text)
    (root / ".dockerignore").write_text("\n".join(DOCKERIGNORE) + "\n")
    return text


def _ignored(rel):
    parts = rel.parts
    return any(p in DOCKERIGNORE for p in parts) or rel.suffix == ".pyc"


def _normalize(info):
    # strip host-specific metadata so the tarball is byte-for-byte reproducible
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mtime = 0
    return info


def pack_context(root, out_path):
    digests = {}
    out_path.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(out_path, mode="w") as tar:
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root)
            if path.is_file() and not _ignored(rel):
                tar.add(str(path), arcname=str(rel), filter=_normalize)
                digests[str(rel)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return digests


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--out", default="dist/context.tar")
    ap.add_argument("--render-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = Path(args.root).resolve()
    try:
        cfg = load_config(root)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read pyproject.toml: %s", exc)
        return 1
    render(root, cfg)
    log.info("rendered Dockerfile for %s %s", cfg["name"], cfg["version"])
    if args.render_only:
        return 0

    out = (root / args.out).resolve()
    files = pack_context(root, out)
    manifest = {
        "image": f"{cfg['name']}:{cfg['version']}",
        "context": out.name,
        "context_sha256": hashlib.sha256(out.read_bytes()).hexdigest(),
        "files": files,
    }
    (out.parent / "context.manifest.json").write_text(json.dumps(manifest, indent=2))
    log.info("packed %d files into %s (%s)", len(files), out, manifest["context_sha256"][:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
