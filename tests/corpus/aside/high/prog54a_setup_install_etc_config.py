"""setup.py for ``logshipper`` - a log forwarding daemon.

A custom ``install`` step places the default configuration under
/etc/logshipper and the man page under /usr/share/man/man8 when the
package is installed system-wide.
"""
import gzip
import logging
import os
import shutil
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.install import install as _install

log = logging.getLogger("logshipper.setup")

HERE = Path(__file__).resolve().parent
SYSTEM_FILES = [
    # (source in repo, destination directory, mode)
    ("packaging/logshipper.toml", "/etc/logshipper", 0o640),
    ("packaging/filters.d/default.toml", "/etc/logshipper/filters.d", 0o644),
    ("docs/logshipper.8", "/usr/share/man/man8", 0o644),
]


def _read(rel):
    return (HERE / rel).read_text(encoding="utf-8")


class InstallWithSystemFiles(_install):
    description = "install package plus system configuration and man page"
    user_options = _install.user_options + [
        ("skip-system-files", None, "do not touch /etc or /usr/share"),
        ("config-group=", None, "group owning /etc/logshipper (default: adm)"),
    ]
    boolean_options = _install.boolean_options + ["skip-system-files"]

    def initialize_options(self):
        super().initialize_options()
        self.skip_system_files = False
        self.config_group = "adm"

    def run(self):
        super().run()
        if self.skip_system_files or self.user or os.environ.get("VIRTUAL_ENV"):
            log.info("user/venv install: skipping system files")
            return
        for src, dest_dir, mode in SYSTEM_FILES:
            self._place(HERE / src, Path(dest_dir), mode)

    def _place(self, src, dest_dir, mode):
        dest_dir.mkdir(parents=True, exist_ok=True)
        if src.suffix == ".8":
            target = dest_dir / (src.name + ".gz")
            with src.open("rb") as fin, gzip.open(target, "wb") as fout:
                shutil.copyfileobj(fin, fout)
        else:
            target = dest_dir / src.name
            if target.exists():
                target = target.with_name(target.name + ".dist")
            shutil.copy2(src, target)
        os.chmod(target, mode)
        if str(dest_dir).startswith("/etc/"):
            try:
                shutil.chown(dest_dir, user="root", group=self.config_group)
                shutil.chown(target, user="root", group=self.config_group)
            except (LookupError, PermissionError) as exc:
                log.warning("could not chown %s: %s", target, exc)
        log.info("installed %s", target)


setup(
    name="logshipper",
    version="2.4.1",
    description="Forward structured logs to remote collectors",
    long_description=_read("README.md"),
    long_description_content_type="text/markdown",
    packages=find_packages("src"),
    package_dir={"": "src"},
    python_requires=">=3.9",
    install_requires=["tomli>=2.0; python_version<'3.11'", "httpx>=0.25"],
    entry_points={"console_scripts": ["logshipper=logshipper.cli:main"]},
    cmdclass={"install": InstallWithSystemFiles},
    classifiers=[
        "Programming Language :: Python :: 3",
        "Operating System :: POSIX :: Linux",
    ],
)
