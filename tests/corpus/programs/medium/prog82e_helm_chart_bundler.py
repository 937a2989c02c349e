#!/usr/bin/env python3
"""Package a Helm chart with its vendored dependencies, without the helm CLI.

Checks that every dependency listed in Chart.yaml is present in charts/ at the
pinned version (by unpacking the vendored archives and reading their
Chart.yaml), then writes <name>-<version>.tgz plus a .sha256 next to it in
the output directory.
"""
import argparse
import fnmatch
import hashlib
import io
import logging
import sys
import tarfile
from pathlib import Path

import yaml

log = logging.getLogger("bundler")

DEFAULT_IGNORES = [".git", ".git/*", "*.swp", "*.bak", ".DS_Store", "*.tmp"]


def read_ignores(chart_dir):
    patterns = list(DEFAULT_IGNORES)
    ign = chart_dir / ".helmignore"
    if ign.exists():
        for line in ign.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                patterns.append(line.rstrip("/"))
    return patterns


def ignored(rel, patterns):
    return any(fnmatch.fnmatch(rel, p) or fnmatch.fnmatch(rel.split("/")[0], p) for p in patterns)


def load_chart(chart_dir):
    with open(chart_dir / "Chart.yaml") as fh:
        meta = yaml.safe_load(fh)
    for key in ("apiVersion", "name", "version"):
        if key not in meta:
            raise ValueError(f"Chart.yaml missing {key}")
    return meta


def verify_dependencies(chart_dir, meta, work_dir):
    """Unpack each vendored dependency and compare its version with the pin."""
    deps = meta.get("dependencies") or []
    unpack_root = work_dir / "deps"
    unpack_root.mkdir(parents=True, exist_ok=True)
    problems = []
    for dep in deps:
        archive = chart_dir / "charts" / f"{dep['name']}-{dep['version']}.tgz"
        if not archive.exists():
            problems.append(f"{dep['name']}: {archive.name} not vendored")
            continue
        with tarfile.open(archive, "r:gz") as tf:
            tf.extractall(unpack_root)
        sub = unpack_root / dep["name"] / "Chart.yaml"
        try:
            got = yaml.safe_load(sub.read_text()).get("version")
        except FileNotFoundError:
            problems.append(f"{dep['name']}: archive has no Chart.yaml")
            continue
        if str(got) != str(dep["version"]):
            problems.append(f"{dep['name']}: pinned {dep['version']} but archive is {got}")
        else:
            log.info("dependency %s %s ok", dep["name"], got)
    return problems


def package(chart_dir, meta, out_dir):
    name, version = meta["name"], meta["version"]
    patterns = read_ignores(chart_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}-{version}.tgz"
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tf:
        for path in sorted(chart_dir.rglob("*")):
            rel = path.relative_to(chart_dir).as_posix()
            if path.is_dir() or ignored(rel, patterns):
                continue
            info = tf.gettarinfo(str(path), arcname=f"{name}/{rel}")
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            info.mtime = 0
            with open(path, "rb") as fh:
                tf.addfile(info, fh)
    target.write_bytes(buf.getvalue())
    digest = hashlib.sha256(buf.getvalue()).hexdigest()
    (out_dir / f"{target.name}.sha256").write_text(f"{digest}  {target.name}\n")
    return target, digest


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("chart", type=Path)
    ap.add_argument("--out", type=Path, default=Path("dist"))
    ap.add_argument("--work", type=Path, default=Path(".bundler-work"))
    ap.add_argument("--skip-deps", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        meta = load_chart(args.chart)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("bad chart: %s", exc)
        return 2

    if not args.skip_deps:
        problems = verify_dependencies(args.chart, meta, args.work)
        if problems:
            for p in problems:
                log.error(p)
            return 1

    target, digest = package(args.chart, meta, args.out)
    log.info("wrote %s sha256=%s", target, digest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
