#!/usr/bin/env python3
"""setup.py for ``quillfft`` - a thin Python wrapper around a C FFT kernel.

The kernel lives in ``native/`` and is built with its own Makefile, because
it needs SIMD flags that distutils does not know how to pass portably.  The
version is derived from ``git describe`` when building from a checkout and
falls back to the PKG-INFO of an sdist.
"""
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext as _build_ext
from setuptools.command.sdist import sdist as _sdist

log = logging.getLogger("quillfft.setup")
logging.basicConfig(level=logging.INFO, format="[setup] %(message)s")

ROOT = Path(__file__).resolve().parent
NATIVE_DIR = ROOT / "native"
FALLBACK_VERSION = "0.0.0+unknown"


def git_version():
    """Return a PEP 440 version derived from ``git describe``."""
    if not (ROOT / ".git").exists():
        pkg_info = ROOT / "PKG-INFO"
        if pkg_info.exists():
            for line in pkg_info.read_text().splitlines():
                if line.startswith("Version:"):
                    return line.split(":", 1)[1].strip()
        return FALLBACK_VERSION
    try:
        raw = subprocess.check_output(
            ["git", "describe", "--tags", "--long", "--dirty"],
            cwd=ROOT,
            stderr=subprocess.DEVNULL,
            text=True,
        ).strip()
    except (OSError, subprocess.CalledProcessError):
        return FALLBACK_VERSION
    dirty = raw.endswith("-dirty")
    if dirty:
        raw = raw[: -len("-dirty")]
    tag, distance, sha = raw.lstrip("v").rsplit("-", 2)
    if distance == "0" and not dirty:
        return tag
    suffix = ".dirty" if dirty else ""
    return "%s.post%s+%s%s" % (tag, distance, sha, suffix)


def make_program():
    for candidate in (os.environ.get("MAKE"), "gmake", "make"):
        if candidate and shutil.which(candidate):
            return candidate
    raise RuntimeError("GNU make is required to build the native kernel")


class build_ext(_build_ext):
    """Run the native Makefile before linking the CPython extension."""

    user_options = _build_ext.user_options + [
        ("simd=", None, "SIMD level for the kernel: sse2, avx2 or neon"),
    ]

    def initialize_options(self):
        super().initialize_options()
        self.simd = None

    def finalize_options(self):
        super().finalize_options()
        if self.simd is None:
            self.simd = os.environ.get("QUILLFFT_SIMD", "sse2")
        if self.simd not in ("sse2", "avx2", "neon", "none"):
            raise ValueError("unsupported SIMD level: %s" % self.simd)

    def build_native(self):
        out_dir = Path(self.build_temp).resolve() / "native"
        out_dir.mkdir(parents=True, exist_ok=True)
        cmd = [
            make_program(),
            "-C", str(NATIVE_DIR),
            "BUILD_DIR=%s" % out_dir,
            "SIMD=%s" % self.simd,
            "-j%d" % (os.cpu_count() or 1),
            "libquill.a",
        ]
        log.info("building native kernel: %s", " ".join(cmd))
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            sys.stderr.write(result.stdout)
            sys.stderr.write(result.stderr)
            raise RuntimeError("native kernel build failed (exit %d)" % result.returncode)
        return out_dir

    def run(self):
        native_out = self.build_native()
        for ext in self.extensions:
            ext.library_dirs.append(str(native_out))
            ext.include_dirs.append(str(NATIVE_DIR / "include"))
        super().run()


class sdist(_sdist):
    """Freeze the git-derived version into the sdist."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        stamp = Path(base_dir) / "src" / "quillfft" / "_version.py"
        stamp.write_text("__version__ = %r\n" % git_version())


setup(
    name="quillfft",
    version=git_version(),
    description="Fast Fourier transforms with a hand-tuned C kernel",
    package_dir={"": "src"},
    packages=["quillfft"],
    ext_modules=[
        Extension(
            "quillfft._kernel",
            sources=["src/quillfft/_kernel.c"],
            libraries=["quill"],
            extra_compile_args=["-O3"],
        )
    ],
    python_requires=">=3.9",
    install_requires=["numpy>=1.22"],
    cmdclass={"build_ext": build_ext, "sdist": sdist},
)
