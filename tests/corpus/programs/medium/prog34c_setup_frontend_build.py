"""setup.py for the dashboard package.

The Python package ships a compiled single-page frontend.  ``build_py`` is
extended so that ``pip install .`` / ``python -m build`` runs the npm build
and copies the bundle into ``dashboard/static`` before the Python files are
collected.
"""

import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Command, find_packages, setup
from setuptools.command.build_py import build_py as _build_py
from setuptools.command.sdist import sdist as _sdist

HERE = Path(__file__).resolve().parent
FRONTEND = HERE / "frontend"
BUNDLE_SRC = FRONTEND / "dist"
BUNDLE_DST = HERE / "src" / "dashboard" / "static"

log = logging.getLogger("setup")
logging.basicConfig(level=logging.INFO, format="[setup] %(message)s")


def read_version():
    version_file = HERE / "src" / "dashboard" / "_version.py"
    for line in version_file.read_text().splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("'\"")
    raise RuntimeError("no __version__ in %s" % version_file)


def npm_executable():
    exe = shutil.which("npm") or shutil.which("npm.cmd")
    if exe is None:
        raise RuntimeError(
            "npm not found; install Node.js >= 18 or set SKIP_FRONTEND=1")
    return exe


def run_npm(*args):
    cmd = [npm_executable(), *args]
    log.info("running %s", " ".join(cmd))
    env = dict(os.environ, NODE_ENV="production", CI="1")
    subprocess.run(cmd, cwd=FRONTEND, env=env, check=True)


class BuildFrontend(Command):
    description = "build the JavaScript bundle with npm"
    user_options = [("skip-install", None, "do not run npm ci first")]

    def initialize_options(self):
        self.skip_install = False

    def finalize_options(self):
        pass

    def run(self):
        if os.environ.get("SKIP_FRONTEND") == "1":
            log.info("SKIP_FRONTEND=1, using existing bundle")
            return
        if not self.skip_install and not (FRONTEND / "node_modules").is_dir():
            run_npm("ci", "--no-audit", "--no-fund")
        run_npm("run", "build")
        if not BUNDLE_SRC.is_dir():
            raise RuntimeError("npm build did not produce %s" % BUNDLE_SRC)
        if BUNDLE_DST.exists():
            shutil.rmtree(BUNDLE_DST)
        shutil.copytree(BUNDLE_SRC, BUNDLE_DST)
        count = sum(1 for _ in BUNDLE_DST.rglob("*") if _.is_file())
        log.info("copied %d bundle files into %s", count,
                 BUNDLE_DST.relative_to(HERE))


class build_py(_build_py):
    def run(self):
        self.run_command("build_frontend")
        super().run()


class sdist(_sdist):
    def run(self):
        # make sure the bundle in the sdist matches the sources
        self.run_command("build_frontend")
        super().run()


setup(
    name="team-dashboard",
    version=read_version(),
    description="Internal build dashboard",
    package_dir={"": "src"},
    packages=find_packages("src"),
    include_package_data=True,
    package_data={"dashboard": ["static/**/*"]},
    python_requires=">=3.9",
    install_requires=["flask>=2.3", "sqlalchemy>=2.0"],
    cmdclass={
        "build_frontend": BuildFrontend,
        "build_py": build_py,
        "sdist": sdist,
    },
    entry_points={"console_scripts": ["dashboard=dashboard.cli:main"]},
)

if __name__ == "__main__" and len(sys.argv) == 1:
    print("use `pip install .` or `python -m build`", file=sys.stderr)
