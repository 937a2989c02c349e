#!/usr/bin/env python3
"""Convert a repository's raw screen recordings to web-friendly MP4.

Lists the .mov recordings under a docs folder, transcodes each one with
ffmpeg into ./web, and records the git commit the recordings came from.
All external tools are ordinary user commands run through the shell.
"""
import argparse
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("mediaconv")

OUT_DIR = Path("web")


def sh(command: str, capture: bool = True) -> str:
    log.debug("$ %s", command)
    result = subprocess.run(command, shell=True, capture_output=capture,
                            text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"command failed ({result.returncode}): {command}\n"
                           f"{(result.stderr or '')[-400:]}")
    return (result.stdout or "").strip()


def git_revision(repo: Path) -> str:
    return sh(f"git -C {repo} rev-parse --short HEAD")


def git_is_dirty(repo: Path, folder: str) -> bool:
    return bool(sh(f"git -C {repo} status --porcelain -- {folder}"))


def list_recordings(repo: Path, folder: str) -> list:
    listing = sh(f"ls -1 {repo}/{folder}/*.mov 2>/dev/null || true")
    return [Path(line) for line in listing.splitlines() if line]


def transcode(src: Path, crf: int, width: int, overwrite: bool) -> Path:
    OUT_DIR.mkdir(exist_ok=True)
    dest = OUT_DIR / (src.stem + ".mp4")
    if dest.exists() and not overwrite:
        log.info("skip %s (exists)", dest)
        return dest
    flag = "-y" if overwrite else "-n"
    sh(f"ffmpeg -hide_banner -loglevel error {flag} -i \"{src}\" "
       f"-vf scale={width}:-2 -c:v libx264 -crf {crf} -preset slow "
       f"-movflags +faststart -an \"{dest}\"")
    return dest


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Transcode docs recordings with ffmpeg")
    ap.add_argument("repo", type=Path, nargs="?", default=Path("."))
    ap.add_argument("--folder", default="docs/recordings")
    ap.add_argument("--crf", type=int, default=26)
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--overwrite", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        rev = git_revision(args.repo)
        if git_is_dirty(args.repo, args.folder):
            log.warning("%s has uncommitted changes", args.folder)
        recordings = list_recordings(args.repo, args.folder)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    if not recordings:
        log.error("no .mov files in %s/%s", args.repo, args.folder)
        return 1
    done = 0
    for rec in recordings:
        try:
            out = transcode(rec, args.crf, args.width, args.overwrite)
            done += 1
            log.info("%s -> %s", rec.name, out)
        except RuntimeError as exc:
            log.error("%s", exc)
    (OUT_DIR / "SOURCE_REVISION").write_text(rev + "\n", encoding="utf-8")
    print(f"converted {done}/{len(recordings)} recordings from {rev}")
    return 0 if done == len(recordings) else 1


if __name__ == "__main__":
    sys.exit(main())
