"""setup.py for ``pyrasterio-lite``: builds the C++ core with CMake.

The extension is declared with an empty source list; ``CMakeBuild`` configures
and builds it out of tree and copies the resulting shared object to where
setuptools expects it.  Extra CMake flags can be passed via CMAKE_ARGS.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name, sourcedir=""):
        super().__init__(name, sources=[])
        self.sourcedir = os.fspath(Path(sourcedir).resolve())


class CMakeBuild(build_ext):
    user_options = build_ext.user_options + [
        ("generator=", None, "CMake generator (default: Ninja if available)"),
    ]

    def initialize_options(self):
        super().initialize_options()
        self.generator = None

    def _cmake_version(self):
        out = subprocess.run(["cmake", "--version"], capture_output=True, text=True, check=True).stdout
        match = re.search(r"version\s+(\d+)\.(\d+)", out)
        return tuple(int(x) for x in match.groups()) if match else (0, 0)

    def run(self):
        if shutil.which("cmake") is None:
            raise RuntimeError("CMake >= 3.18 must be installed to build pyrasterio-lite")
        if self._cmake_version() < (3, 18):
            raise RuntimeError("CMake >= 3.18 required")
        super().run()

    def build_extension(self, ext):
        ext_fullpath = Path(self.get_ext_fullpath(ext.name)).resolve()
        extdir = ext_fullpath.parent
        cfg = "Debug" if self.debug or os.environ.get("PRL_DEBUG") else "Release"
        build_temp = Path(self.build_temp) / ext.name
        build_temp.mkdir(parents=True, exist_ok=True)

        cmake_args = [
            f"-DCMAKE_LIBRARY_OUTPUT_DIRECTORY={extdir}{os.sep}",
            f"-DPython3_EXECUTABLE={sys.executable}",
            f"-DCMAKE_BUILD_TYPE={cfg}",
            f"-DPRL_VERSION={self.distribution.get_version()}",
        ]
        generator = self.generator or ("Ninja" if shutil.which("ninja") else None)
        if generator:
            cmake_args += ["-G", generator]
        cmake_args += shlex.split(os.environ.get("CMAKE_ARGS", ""))

        build_args = ["--config", cfg]
        jobs = getattr(self, "parallel", None) or os.cpu_count() or 2
        build_args += ["--parallel", str(jobs)]

        self.announce(f"configuring {ext.name} ({cfg})", level=2)
        subprocess.run(["cmake", ext.sourcedir, *cmake_args], cwd=build_temp, check=True)
        self.announce(f"building {ext.name} with {jobs} jobs", level=2)
        subprocess.run(["cmake", "--build", ".", *build_args], cwd=build_temp, check=True)

        if not ext_fullpath.exists():
            candidates = sorted(extdir.glob(ext.name.rsplit(".", 1)[-1] + "*.so"))
            if not candidates:
                raise RuntimeError(f"CMake did not produce {ext_fullpath.name}")
            shutil.copy2(candidates[0], ext_fullpath)


def read_version():
    text = (HERE / "src" / "pyrasterio_lite" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'__version__\s*=\s*"([^"]+)"', text).group(1)


setup(
    name="pyrasterio-lite",
    version=read_version(),
    package_dir={"": "src"},
    packages=["pyrasterio_lite"],
    ext_modules=[CMakeExtension("pyrasterio_lite._core", sourcedir="cpp")],
    cmdclass={"build_ext": CMakeBuild},
    python_requires=">=3.9",
    install_requires=["numpy>=1.22"],
    zip_safe=False,
)
