"""In-tree PEP 517 build backend for the ``quarry`` project.

pyproject.toml:
    [build-system]
    requires = ["pyyaml>=6"]
    build-backend = "quarry_backend"
    backend-path = ["_build"]

Package layout and metadata are described in ``quarry-build.yaml`` next to
pyproject.toml so the release team can edit them without touching code.
"""
import base64
import csv
import hashlib
import io
import logging
import os
import pathlib
import zipfile

from yaml import safe_load

log = logging.getLogger("quarry_backend")
ROOT = pathlib.Path(__file__).resolve().parent.parent
CONFIG_NAME = "quarry-build.yaml"


class BuildConfig:
    def __init__(self, data):
        self.name = data["name"]
        self.version = str(data["version"])
        self.summary = data.get("summary", "")
        self.requires = list(data.get("requires", []))
        self.packages = list(data.get("packages", [self.name]))
        self.exclude = tuple(data.get("exclude", [".pyc", ".pyo", "~"]))

    @property
    def dist_name(self):
        return self.name.replace("-", "_")

    @classmethod
    def load(cls, root=ROOT):
        with open(root / CONFIG_NAME, "r", encoding="utf-8") as fh:
            data = safe_load(fh) or {}
        if "name" not in data or "version" not in data:
            raise ValueError(f"{CONFIG_NAME}: 'name' and 'version' are required")
        return cls(data)


def _record_hash(payload):
    digest = hashlib.sha256(payload).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _metadata(cfg):
    lines = ["Metadata-Version: 2.1", f"Name: {cfg.name}", f"Version: {cfg.version}"]
    if cfg.summary:
        lines.append(f"Summary: {cfg.summary}")
    lines.extend(f"Requires-Dist: {req}" for req in cfg.requires)
    return "\n".join(lines) + "\n"


def _iter_sources(cfg):
    for pkg in cfg.packages:
        base = ROOT / "src" / pkg
        for path in sorted(base.rglob("*")):
            if path.is_file() and not path.name.endswith(cfg.exclude):
                yield path, path.relative_to(ROOT / "src").as_posix()


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    cfg = BuildConfig.load()
    tag = "py3-none-any"
    wheel_name = f"{cfg.dist_name}-{cfg.version}-{tag}.whl"
    distinfo = f"{cfg.dist_name}-{cfg.version}.dist-info"
    target = pathlib.Path(wheel_directory) / wheel_name
    records = []

    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as whl:
        for path, arcname in _iter_sources(cfg):
            payload = path.read_bytes()
            whl.writestr(arcname, payload)
            records.append((arcname, _record_hash(payload), str(len(payload))))
            log.debug("added %s", arcname)

        extra = {
            "METADATA": _metadata(cfg),
            "WHEEL": f"Wheel-Version: 1.0\nGenerator: quarry_backend\nRoot-Is-Purelib: true\nTag: {tag}\n",
        }
        for fname, text in extra.items():
            payload = text.encode("utf-8")
            whl.writestr(f"{distinfo}/{fname}", payload)
            records.append((f"{distinfo}/{fname}", _record_hash(payload), str(len(payload))))

        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerows(records)
        writer.writerow((f"{distinfo}/RECORD", "", ""))
        whl.writestr(f"{distinfo}/RECORD", buf.getvalue())

    log.info("built %s (%d files)", target.name, len(records))
    return wheel_name


if __name__ == "__main__":
    logging.basicConfig(level=os.environ.get("QUARRY_LOG", "INFO"))
    out = ROOT / "dist"
    out.mkdir(exist_ok=True)
    print(build_wheel(str(out)))
