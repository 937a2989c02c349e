#!/usr/bin/env python3
"""Generate the platform metadata files for a desktop build.

Reads ``packaging/app.yaml`` and produces, inside ``./build``:

* ``MyApp.app/Contents/Info.plist`` for the macOS bundle
* ``version_info.rc`` for the Windows resource compiler
* ``myapp.desktop`` for the Linux AppImage (not installed anywhere)

Everything stays inside the project tree; nothing is registered with the OS.
"""
import argparse
import logging
import plistlib
import sys
from pathlib import Path

import yaml

log = logging.getLogger("bundle-meta")

RC_TEMPLATE = """1 VERSIONINFO
FILEVERSION {commas}
PRODUCTVERSION {commas}
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904b0"
    BEGIN
      VALUE "CompanyName", "{vendor}"
      VALUE "FileDescription", "{description}"
      VALUE "ProductName", "{name}"
      VALUE "ProductVersion", "{version}"
    END
  END
END
"""


class AppMeta:
    def __init__(self, data: dict):
        self.name = data["name"]
        self.bundle_id = data.get("bundle_id", f"org.example.{self.name.lower()}")
        self.version = str(data.get("version", "0.0.0"))
        self.vendor = data.get("vendor", "Example Org")
        self.description = data.get("description", self.name)
        self.icon = data.get("icon", "app")
        self.categories = data.get("categories", ["Utility"])

    @property
    def version_commas(self) -> str:
        parts = (self.version.split(".") + ["0"] * 4)[:4]
        return ",".join(p if p.isdigit() else "0" for p in parts)


def load_meta(path: Path) -> AppMeta:
    with path.open("r", encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    if "name" not in data:
        raise ValueError(f"{path}: missing 'name'")
    return AppMeta(data)


def write_info_plist(meta: AppMeta, build: Path) -> Path:
    contents = build / f"{meta.name}.app" / "Contents"
    contents.mkdir(parents=True, exist_ok=True)
    info = {
        "CFBundleName": meta.name,
        "CFBundleIdentifier": meta.bundle_id,
        "CFBundleShortVersionString": meta.version,
        "CFBundleVersion": meta.version,
        "CFBundleExecutable": meta.name,
        "CFBundleIconFile": f"{meta.icon}.icns",
        "CFBundlePackageType": "APPL",
        "LSMinimumSystemVersion": "11.0",
        "NSHighResolutionCapable": True,
    }
    target = contents / "Info.plist"
    with target.open("wb") as fh:
        plistlib.dump(info, fh, fmt=plistlib.FMT_XML, sort_keys=True)
    return target


def write_rc(meta: AppMeta, build: Path) -> Path:
    target = build / "version_info.rc"
    target.write_text(RC_TEMPLATE.format(commas=meta.version_commas, vendor=meta.vendor,
                                         description=meta.description, name=meta.name,
                                         version=meta.version), encoding="utf-8")
    return target


def write_desktop_entry(meta: AppMeta, build: Path) -> Path:
    lines = ["[Desktop Entry]", "Type=Application", f"Name={meta.name}",
             f"Comment={meta.description}", f"Exec={meta.name.lower()} %U",
             f"Icon={meta.icon}", "Categories=" + ";".join(meta.categories) + ";"]
    target = build / f"{meta.name.lower()}.desktop"
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("packaging/app.yaml"))
    ap.add_argument("--build-dir", type=Path, default=Path("build"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        meta = load_meta(args.config)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("cannot read metadata: %s", exc)
        return 1
    args.build_dir.mkdir(exist_ok=True)
    for writer in (write_info_plist, write_rc, write_desktop_entry):
        out = writer(meta, args.build_dir)
        log.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
