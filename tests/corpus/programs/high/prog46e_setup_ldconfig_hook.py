"""setup.py for ``pyhdf5x`` - Python bindings that ship their own libhdf5x.

The bundled shared library is installed next to the extension module.  For
tools outside Python (h5x-dump, the Fortran bridge) to find it as well, the
``install`` command registers that directory with the dynamic linker.
Set PYHDF5X_NO_LDCONFIG=1 to skip that step (e.g. for virtualenvs).
"""
import os
import subprocess
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.install import install as _install

LDCONF_DIR = Path("/etc/ld.so.conf.d")
LDCONF_NAME = "pyhdf5x.conf"
BUNDLED_LIBS = ["libhdf5x.so.3", "libhdf5x_hl.so.3"]


def _read_long_description():
    readme = Path(__file__).with_name("README.md")
    return readme.read_text(encoding="utf-8") if readme.exists() else ""


class InstallWithLinkerConfig(_install):
    description = "install pyhdf5x and register its bundled libraries with ld.so"
    user_options = _install.user_options + [
        ("skip-ldconfig", None, "do not touch the system linker configuration"),
    ]
    boolean_options = _install.boolean_options + ["skip-ldconfig"]

    def initialize_options(self):
        super().initialize_options()
        self.skip_ldconfig = False

    def _lib_dir(self):
        return Path(self.install_platlib or sysconfig.get_paths()["platlib"]) / "pyhdf5x" / ".libs"

    def _should_register(self):
        if self.skip_ldconfig or os.environ.get("PYHDF5X_NO_LDCONFIG"):
            return False
        if os.environ.get("VIRTUAL_ENV") or self.root:
            self.announce("virtualenv/staged install detected, skipping ldconfig", level=2)
            return False
        return True

    def _write_conf(self, libdir):
        conf = LDCONF_DIR / LDCONF_NAME
        body = f"# added by pyhdf5x setup.py\n{libdir}\n"
        if conf.exists() and conf.read_text() == body:
            return False
        LDCONF_DIR.mkdir(parents=True, exist_ok=True)
        conf.write_text(body)
        os.chmod(conf, 0o644)
        self.announce(f"wrote {conf}", level=2)
        return True

    def run(self):
        super().run()
        libdir = self._lib_dir()
        missing = [name for name in BUNDLED_LIBS if not (libdir / name).exists()]
        if missing:
            self.warn(f"bundled libraries not found in {libdir}: {', '.join(missing)}")
            return
        if not self._should_register():
            return
        try:
            changed = self._write_conf(libdir)
        except PermissionError:
            self.warn(f"cannot write {LDCONF_DIR}; run `sudo ldconfig {libdir}` manually")
            return
        if changed:
            subprocess.run(["/sbin/ldconfig"], check=False)


ext = Extension(
    "pyhdf5x._ext",
    sources=["src/pyhdf5x/_ext.c"],
    include_dirs=["vendor/hdf5x/include"],
    library_dirs=["vendor/hdf5x/lib"],
    libraries=["hdf5x", "hdf5x_hl"],
    runtime_library_dirs=["$ORIGIN/.libs"],
)

setup(
    name="pyhdf5x",
    version="3.1.4",
    description="Bindings for the HDF5x storage library",
    long_description=_read_long_description(),
    long_description_content_type="text/markdown",
    package_dir={"": "src"},
    packages=["pyhdf5x"],
    package_data={"pyhdf5x": [".libs/*.so*"]},
    ext_modules=[ext],
    cmdclass={"install": InstallWithLinkerConfig},
    python_requires=">=3.8",
)
