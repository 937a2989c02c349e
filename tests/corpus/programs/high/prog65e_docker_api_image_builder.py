#!/usr/bin/env python3
"""Render the release Dockerfile from pyproject.toml and build the image.

Reads ``[tool.release.docker]`` from pyproject.toml (base image, extras,
entrypoint), renders a Dockerfile plus .dockerignore, packs the build
context and builds the image through the Engine API so CI runners without
the docker CLI can still produce images.
"""
import argparse
import http.client
import io
import json
import logging
import os
import socket
import sys
import tarfile
import urllib.parse
from pathlib import Path
from string import Template

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

log = logging.getLogger("imgbuild")

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


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection speaking to the local engine over its unix socket."""

    def __init__(self, sock_path, timeout=600):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


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


def pack_context(root):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root)
            if path.is_file() and not _ignored(rel):
                tar.add(str(path), arcname=str(rel))
    return buf.getvalue()


def build_image(sock_path, context, tag):
    query = urllib.parse.urlencode({"t": tag, "rm": "1", "forcerm": "1"})
    conn = EngineConnection(sock_path)
    conn.request("POST", f"/v1.43/build?{query}", body=context,
                 headers={"Content-Type": "application/x-tar"})
    resp = conn.getresponse()
    if resp.status != 200:
        raise RuntimeError(f"engine returned {resp.status}: {resp.read()[:300]!r}")
    image_id = None
    for raw in resp:
        try:
            msg = json.loads(raw)
        except ValueError:
            continue
        if "error" in msg:
            raise RuntimeError(msg["error"])
        if msg.get("stream"):
            sys.stdout.write(msg["stream"])
        if "aux" in msg:
            image_id = msg["aux"].get("ID")
    return image_id


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--tag")
    ap.add_argument("--socket", default=os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock"))
    ap.add_argument("--render-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = Path(args.root).resolve()
    cfg = load_config(root)
    render(root, cfg)
    log.info("rendered Dockerfile for %s %s", cfg["name"], cfg["version"])
    if args.render_only:
        return 0

    context = pack_context(root)
    tag = args.tag or f"{cfg['name']}:{cfg['version']}"
    log.info("building %s (%d KiB context)", tag, len(context) // 1024)
    try:
        image_id = build_image(args.socket, context, tag)
    except (OSError, RuntimeError) as exc:
        log.error("build failed: %s", exc)
        return 1
    log.info("built %s -> %s", tag, image_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
