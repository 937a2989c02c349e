#!/usr/bin/env python3
"""Install prebuilt CUDA extension libraries system-wide.

The build job produces libflashattn_ext.so and friends in ./build/lib. This
tool copies them to /usr/local/lib/cuda-ext, registers that directory with
the dynamic linker and refreshes the linker cache so every user's Python
environment on the GPU node can import them.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

INSTALL_DIR = Path("/usr/local/lib/cuda-ext")
LDCONF = Path("/etc/ld.so.conf.d/cuda-ext.conf")

log = logging.getLogger("cuda_ext_install")


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def as_root(cmd):
    """Run a command as root, prefixing sudo when we are not root already."""
    if os.geteuid() != 0:
        cmd = ["sudo", "-n"] + list(cmd)
    log.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def find_libs(build_dir: Path):
    libs = sorted(build_dir.glob("lib*.so*"))
    if not libs:
        raise FileNotFoundError(f"no shared libraries in {build_dir}")
    return libs


def install_libs(libs, dry_run: bool) -> int:
    changed = 0
    if os.geteuid() == 0:
        INSTALL_DIR.mkdir(parents=True, exist_ok=True)
    elif not dry_run:
        as_root(["install", "-d", "-m", "0755", str(INSTALL_DIR)])
    for lib in libs:
        dest = INSTALL_DIR / lib.name
        if dest.exists() and digest(dest) == digest(lib):
            log.info("unchanged  %s", dest)
            continue
        log.info("installing %s -> %s", lib, dest)
        changed += 1
        if dry_run:
            continue
        if os.geteuid() == 0:
            shutil.copy2(lib, dest)
            os.chmod(dest, 0o755)
            os.chown(dest, 0, 0)
        else:
            as_root(["install", "-m", "0755", "-o", "root", "-g", "root", str(lib), str(dest)])
    return changed


def register_ld_path(dry_run: bool) -> bool:
    line = f"{INSTALL_DIR}\n"
    if LDCONF.exists() and LDCONF.read_text() == line:
        return False
    log.info("writing %s", LDCONF)
    if dry_run:
        return True
    if os.geteuid() == 0:
        LDCONF.write_text(line)
    else:
        subprocess.run(["sudo", "tee", str(LDCONF)], input=line, text=True,
                       check=True, stdout=subprocess.DEVNULL)
    return True


def refresh_cache(dry_run: bool) -> None:
    if dry_run:
        log.info("would run ldconfig")
        return
    as_root(["ldconfig"])
    out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    missing = [l.name for l in find_libs(Path("build/lib"))
               if l.name.split(".so")[0] not in out]
    if missing:
        log.warning("not visible in linker cache: %s", ", ".join(missing))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build-dir", type=Path, default=Path("build/lib"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        libs = find_libs(args.build_dir)
        changed = install_libs(libs, args.dry_run)
        conf_changed = register_ld_path(args.dry_run)
        if changed or conf_changed:
            refresh_cache(args.dry_run)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1
    except subprocess.CalledProcessError as exc:
        log.error("command failed (%s): %s", exc.returncode, (exc.stderr or "").strip())
        return 2
    log.info("done: %d libraries updated", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
