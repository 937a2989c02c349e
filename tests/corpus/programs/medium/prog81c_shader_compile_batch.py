#!/usr/bin/env python3
"""Batch shader compiler.

Compiles every HLSL entry point listed in shaders.json to DXIL and SPIR-V
with the DirectX Shader Compiler from the engine's ThirdParty folder (or
whatever `dxc` is on PATH), writing blobs to Intermediate/ShaderBlobs.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("shaderc")

BUNDLED_DXC = Path("Engine/Binaries/ThirdParty/ShaderConductor/Linux/dxc")

PROFILES = {"vs": "vs_6_6", "ps": "ps_6_6", "cs": "cs_6_6"}


class ToolchainRunner:
    """Runs the compiler from the project's bundled toolchain."""

    def __init__(self, project_root, dxc=None):
        self.root = project_root.resolve()
        bundled = self.root / BUNDLED_DXC
        self.dxc = dxc or (str(bundled) if bundled.exists() else shutil.which("dxc"))
        if not self.dxc:
            raise FileNotFoundError("dxc not found (bundled or on PATH)")

    def run(self, argv):
        env = dict(os.environ, LD_LIBRARY_PATH=str(Path(self.dxc).parent))
        return subprocess.run([self.dxc] + argv[1:], cwd=self.root, env=env,
                              capture_output=True, check=True, timeout=300)


def dxc_args(entry, out_dir, spirv):
    src = entry["file"]
    ext = "spv" if spirv else "dxil"
    out = "%s/%s.%s.%s" % (out_dir, Path(entry["file"]).stem, entry["entry"], ext)
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
    except subprocess.CalledProcessError as exc:
        return name, exc.stderr.decode(errors="replace") if exc.stderr else str(exc)
    except subprocess.TimeoutExpired:
        return name, "timed out"


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
    p.add_argument("--dxc", help="explicit path to dxc")
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
        runner = ToolchainRunner(args.project, args.dxc)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2
    log.info("using %s", runner.dxc)

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
