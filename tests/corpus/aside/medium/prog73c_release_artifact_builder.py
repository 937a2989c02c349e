#!/usr/bin/env python3
"""Build the release artifacts for a tagged version.

Reads the version from pyproject.toml, checks that it matches the git tag,
builds the sdist and wheel with ``python -m build``, runs ``twine check`` on
them and writes SHA256SUMS plus a small release manifest into ``dist/``.
The release workflow uploads whatever ends up in ``dist/``.
"""
import argparse
import hashlib
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

log = logging.getLogger("release")

DIST = Path("dist")


def project_metadata(pyproject="pyproject.toml"):
    with open(pyproject, "rb") as fh:
        data = tomllib.load(fh)
    proj = data.get("project", {})
    return proj["name"], proj["version"]


def current_tag():
    out = subprocess.run(["git", "describe", "--tags", "--exact-match"],
                         capture_output=True, text=True)
    return out.stdout.strip() if out.returncode == 0 else None


def clean_dist():
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    for leftover in Path(".").glob("*.egg-info"):
        shutil.rmtree(leftover, ignore_errors=True)


def build(isolation=True):
    cmd = [sys.executable, "-m", "build", "--outdir", str(DIST)]
    if not isolation:
        cmd.append("--no-isolation")
    log.info("running %s", " ".join(cmd))
    subprocess.run(cmd, check=True)


def twine_check(files):
    subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, files)],
                   check=True)


def sha256_file(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(bufsize), b""):
            h.update(chunk)
    return h.hexdigest()


def write_manifest(name, version, files):
    sums = {f.name: sha256_file(f) for f in files}
    (DIST / "SHA256SUMS").write_text(
        "".join(f"{digest}  {fname}\n" for fname, digest in sorted(sums.items())))
    manifest = {"name": name, "version": version,
                "files": [{"name": n, "sha256": d, "size": (DIST / n).stat().st_size}
                          for n, d in sorted(sums.items())]}
    (DIST / "release.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--allow-untagged", action="store_true")
    ap.add_argument("--no-isolation", action="store_true")
    ap.add_argument("--skip-check", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    name, version = project_metadata()
    tag = current_tag()
    if tag is None and not args.allow_untagged:
        log.error("HEAD is not tagged; use --allow-untagged for test builds")
        return 2
    if tag is not None and tag.lstrip("v") != version:
        log.error("tag %s does not match pyproject version %s", tag, version)
        return 2

    clean_dist()
    try:
        build(isolation=not args.no_isolation)
        files = sorted(p for p in DIST.iterdir() if p.suffix in (".whl", ".gz"))
        if not files:
            log.error("build produced no artifacts")
            return 1
        if not args.skip_check:
            twine_check(files)
    except subprocess.CalledProcessError as exc:
        log.error("step failed with exit code %d: %s", exc.returncode, exc.cmd)
        return 1

    manifest = write_manifest(name, version, files)
    for entry in manifest["files"]:
        log.info("%-50s %10d  %s", entry["name"], entry["size"], entry["sha256"][:16])
    log.info("release %s %s ready in %s/", name, version, DIST)
    return 0


if __name__ == "__main__":
    sys.exit(main())
