#!/usr/bin/env python3
"""setup.py for ``harborlog`` - a log shipper for small fleets.

On top of the normal install, the ``install`` command drops the system-wide
default configuration into /etc/harborlog and the man page into
/usr/local/share/man so that ``man harborlog`` works right after
``pip install .`` on a server.  Pass ``--no-system-files`` to skip that step
(useful in virtualenvs and CI).
"""
import gzip
import logging
import os
import shutil
import stat
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.install import install as _install

log = logging.getLogger("harborlog.setup")
logging.basicConfig(level=logging.INFO, format="setup: %(message)s")

HERE = Path(__file__).resolve().parent
DATA_DIR = HERE / "packaging"

SYSTEM_FILES = [
    # (source relative to packaging/, destination, mode, compress)
    ("harborlog.conf", "/etc/harborlog/harborlog.conf", 0o644, False),
    ("outputs.d/stdout.conf", "/etc/harborlog/outputs.d/stdout.conf", 0o644, False),
    ("harborlog.1", "/usr/local/share/man/man1/harborlog.1.gz", 0o644, True),
]


def copy_one(src, dest, mode, compress, overwrite_config=False):
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    is_config = str(dest).startswith("/etc/")
    if is_config and dest.exists() and not overwrite_config:
        # never clobber an administrator's edited configuration
        new_dest = dest.with_suffix(dest.suffix + ".dist")
        log.info("%s exists, writing %s instead", dest, new_dest)
        dest = new_dest
    if compress:
        with open(src, "rb") as fin, gzip.open(dest, "wb") as fout:
            shutil.copyfileobj(fin, fout)
    else:
        shutil.copy2(src, dest)
    os.chmod(dest, mode)
    if os.geteuid() == 0:
        os.chown(dest, 0, 0)
    return dest


class install(_install):
    user_options = _install.user_options + [
        ("no-system-files", None, "do not install files under /etc and /usr"),
        ("overwrite-config", None, "replace existing /etc/harborlog files"),
    ]
    boolean_options = _install.boolean_options + ["no-system-files", "overwrite-config"]

    def initialize_options(self):
        super().initialize_options()
        self.no_system_files = False
        self.overwrite_config = False

    def finalize_options(self):
        super().finalize_options()
        if os.environ.get("HARBORLOG_NO_SYSTEM_FILES"):
            self.no_system_files = True

    def install_system_files(self):
        installed = []
        for rel_src, dest, mode, compress in SYSTEM_FILES:
            src = DATA_DIR / rel_src
            if not src.exists():
                log.warning("missing packaging file %s, skipping", src)
                continue
            try:
                installed.append(copy_one(src, dest, mode, compress, self.overwrite_config))
            except PermissionError:
                log.error("cannot write %s (re-run as root or use --no-system-files)", dest)
                raise
        spool = Path("/var/spool/harborlog")
        spool.mkdir(parents=True, exist_ok=True)
        os.chmod(spool, stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP)
        for path in installed:
            log.info("installed %s", path)

    def run(self):
        super().run()
        if self.no_system_files:
            log.info("skipping system files")
            return
        self.install_system_files()


setup(
    name="harborlog",
    version="2.4.1",
    description="Lightweight log shipper with pluggable outputs",
    package_dir={"": "src"},
    packages=find_packages("src"),
    python_requires=">=3.8",
    install_requires=["tomli>=2.0; python_version<'3.11'", "requests>=2.28"],
    entry_points={"console_scripts": ["harborlog=harborlog.__main__:main"]},
    cmdclass={"install": install},
)
