#!/usr/bin/env python3
"""Render RPM .spec files from a Jinja2 template and a packages.yaml manifest,
then build source RPMs for each package into ./rpmbuild.

packages.yaml example:

    defaults:
      release: 1
      license: ASL 2.0
    packages:
      - name: platform-agent
        version: 2.4.1
        summary: Platform node agent
        requires: [systemd, openssl-libs]
"""
import argparse
import datetime
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jinja2
import yaml

log = logging.getLogger("spec-render")

TOPDIR = Path("rpmbuild").resolve()


class SpecRenderer:
    def __init__(self, template_dir, template_name="package.spec.j2"):
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(template_dir),
            autoescape=False,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
        )
        self.env.filters["rpmdate"] = lambda d: d.strftime("%a %b %d %Y")
        self.template = self.env.get_template(template_name)

    def render(self, pkg):
        return self.template.render(pkg=pkg, now=datetime.date.today())


def load_manifest(path):
    with open(path, encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    defaults = data.get("defaults", {}) or {}
    for pkg in data.get("packages", []):
        merged = dict(defaults)
        merged.update(pkg)
        if "name" not in merged or "version" not in merged:
            raise ValueError(f"package entry missing name/version: {pkg!r}")
        yield merged


def prepare_topdir():
    for sub in ("BUILD", "RPMS", "SOURCES", "SPECS", "SRPMS"):
        (TOPDIR / sub).mkdir(parents=True, exist_ok=True)


def stage_sources(pkg, src_root):
    tarball = Path(src_root) / f"{pkg['name']}-{pkg['version']}.tar.gz"
    if not tarball.exists():
        raise FileNotFoundError(tarball)
    shutil.copy2(tarball, TOPDIR / "SOURCES" / tarball.name)


def build_srpm(spec_path, extra_defines):
    cmd = ["rpmbuild", "-bs", "--define", f"_topdir {TOPDIR}"]
    for key, val in extra_defines.items():
        cmd += ["--define", f"{key} {val}"]
    cmd.append(str(spec_path))
    log.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("rpmbuild failed for %s:\n%s", spec_path.name, proc.stderr.strip())
        return None
    for line in proc.stdout.splitlines():
        if line.startswith("Wrote:"):
            return line.split(":", 1)[1].strip()
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description="render specs and build SRPMs")
    ap.add_argument("-m", "--manifest", default="packages.yaml")
    ap.add_argument("-t", "--templates", default="templates")
    ap.add_argument("-s", "--sources", default="dist")
    ap.add_argument("--render-only", action="store_true")
    ap.add_argument("--dist-tag", default=os.environ.get("DIST_TAG", ".el9"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    renderer = SpecRenderer(args.templates)
    prepare_topdir()
    built, failed = [], []

    try:
        packages = list(load_manifest(args.manifest))
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("manifest: %s", exc)
        return 2

    for pkg in packages:
        spec = TOPDIR / "SPECS" / f"{pkg['name']}.spec"
        spec.write_text(renderer.render(pkg), encoding="utf-8")
        log.info("rendered %s", spec.relative_to(TOPDIR.parent))
        if args.render_only:
            continue
        try:
            stage_sources(pkg, args.sources)
        except FileNotFoundError as exc:
            log.error("missing source tarball %s", exc)
            failed.append(pkg["name"])
            continue
        srpm = build_srpm(spec, {"dist": args.dist_tag})
        (built if srpm else failed).append(srpm or pkg["name"])

    for path in built:
        log.info("built %s", path)
    if failed:
        log.error("failed: %s", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
