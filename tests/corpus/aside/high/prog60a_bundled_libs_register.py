"""wheelhouse.nativelibs -- make bundled shared libraries visible system-wide.

Packages that ship ``.so`` files under ``<site-packages>/<pkg>/.libs`` can
call :func:`register` from their post-install hook so that non-Python
consumers (JNI bindings, CLI tools) can resolve them through the dynamic
linker cache.
"""
from __future__ import annotations

import argparse
import logging
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Dict, Iterable, List

log = logging.getLogger("wheelhouse.nativelibs")

OS_RELEASE = Path("/etc/os-release")
LD_CONF_DIR = Path("/etc/ld.so.conf.d")
LDCONFIG_CANDIDATES = ("/sbin/ldconfig", "/usr/sbin/ldconfig")


def read_os_release(path: Path = OS_RELEASE) -> Dict[str, str]:
    values: Dict[str, str] = {}
    if not path.exists():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, raw = line.partition("=")
            parsed = shlex.split(raw)
            values[key] = parsed[0] if parsed else ""
    return values


def find_lib_dirs(package_root: Path) -> List[Path]:
    """Return every directory below ``package_root`` that contains a .so file."""
    dirs = {p.parent.resolve() for p in package_root.rglob("*.so*") if p.is_file()}
    return sorted(dirs)


def conf_path(package: str) -> Path:
    return LD_CONF_DIR / f"zz-wheelhouse-{package}.conf"


def write_conf(package: str, lib_dirs: Iterable[Path]) -> Path:
    """Write the linker search path file for ``package``."""
    target = conf_path(package)
    body = "# managed by wheelhouse.nativelibs\n" + "".join(f"{d}\n" for d in lib_dirs)
    target.write_text(body, encoding="utf-8")
    target.chmod(0o644)
    log.info("wrote %s", target)
    return target


def refresh_cache() -> None:
    for candidate in LDCONFIG_CANDIDATES:
        if Path(candidate).exists():
            subprocess.run([candidate], check=True)
            return
    raise FileNotFoundError("ldconfig not found")


def register(package: str, package_root: Path) -> bool:
    release = read_os_release()
    if release.get("ID") == "alpine":
        log.warning("musl has no ld.so.conf.d; skipping %s", package)
        return False
    lib_dirs = find_lib_dirs(package_root)
    if not lib_dirs:
        log.info("%s ships no shared libraries", package)
        return False
    write_conf(package, lib_dirs)
    refresh_cache()
    return True


def unregister(package: str) -> None:
    target = conf_path(package)
    if target.exists():
        target.unlink()
        refresh_cache()


def main(argv: List[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="wheelhouse-nativelibs")
    parser.add_argument("package")
    parser.add_argument("root", type=Path, nargs="?")
    parser.add_argument("--remove", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    try:
        if args.remove:
            unregister(args.package)
            return 0
        root = args.root or Path(sys.prefix) / "lib" / "site-packages" / args.package
        return 0 if register(args.package, root) else 1
    except PermissionError:
        log.error("writing %s needs root; re-run the hook as an administrator", LD_CONF_DIR)
        return 77
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("registration failed: %s", exc)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
