#!/usr/bin/env python3
"""Register vendored native libraries with the dynamic linker.

Python extension wheels built in ./vendor/native link against a few shared
libraries that we ship ourselves (libsodium, libzstd). This helper copies
them to /usr/local/lib/<bundle>, adds an ld.so.conf.d drop-in and refreshes
the linker cache so the wheels import without LD_LIBRARY_PATH hacks.
"""
import argparse
import configparser
import logging
import os
import subprocess as sp
import sys
from pathlib import Path

logger = logging.getLogger("native-libs")
LDCONF_DIR = Path("/etc/ld.so.conf.d")
LIB_ROOT = Path("/usr/local/lib")


def privileged(cmd, stdin_text=None):
    full = list(cmd) if os.geteuid() == 0 else ["sudo", "--non-interactive", *cmd]
    logger.debug("exec: %s", " ".join(full))
    return sp.run(full, input=stdin_text, text=True, check=True,
                  stdout=sp.DEVNULL)


def read_bundle(config_path: Path):
    cfg = configparser.ConfigParser()
    if not cfg.read(config_path):
        raise FileNotFoundError(config_path)
    section = cfg["bundle"]
    name = section.get("name", "acme-vendor")
    libs = [x.strip() for x in section.get("libraries", "").split(",") if x.strip()]
    return name, libs


def collect(src_dir: Path, patterns):
    found = []
    for pattern in patterns:
        matches = sorted(src_dir.glob(pattern))
        if not matches:
            logger.warning("no file matches %s in %s", pattern, src_dir)
        found.extend(p for p in matches if p.is_file() and not p.is_symlink())
    return found


def register(bundle: str, libs, dry_run=False):
    target = LIB_ROOT / bundle
    dropin = LDCONF_DIR / f"{bundle}.conf"
    steps = [(["install", "-d", "-m", "0755", str(target)], None)]
    for lib in libs:
        steps.append((["install", "-m", "0644", str(lib), str(target / lib.name)], None))
    steps.append((["tee", str(dropin)], f"# managed by native-libs\n{target}\n"))
    steps.append((["ldconfig"], None))
    for cmd, data in steps:
        if dry_run:
            print("would run:", " ".join(cmd))
            continue
        privileged(cmd, data)
    return target, dropin


def verify(bundle_libs):
    out = sp.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    return [lib.name for lib in bundle_libs if lib.name not in out]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("vendor/native/bundle.ini"))
    ap.add_argument("--src", type=Path, default=Path("vendor/native/lib"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--debug", action="store_true")
    opts = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if opts.debug else logging.INFO,
                        format="%(levelname)s: %(message)s")
    try:
        bundle, patterns = read_bundle(opts.config)
    except (FileNotFoundError, KeyError) as exc:
        logger.error("bad bundle config: %s", exc)
        return 2
    libs = collect(opts.src, patterns)
    if not libs:
        logger.error("nothing to register")
        return 2
    try:
        target, dropin = register(bundle, libs, opts.dry_run)
    except sp.CalledProcessError as exc:
        logger.error("privileged step failed (%s)", exc.cmd)
        return 1
    if not opts.dry_run:
        missing = verify(libs)
        if missing:
            logger.warning("not visible to ld.so yet: %s", ", ".join(missing))
    logger.info("registered %d libraries in %s via %s", len(libs), target, dropin)
    return 0


if __name__ == "__main__":
    sys.exit(main())
