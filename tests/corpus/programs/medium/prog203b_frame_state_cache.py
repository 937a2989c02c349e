#!/usr/bin/env python3
"""Snapshot cache for the lever frame simulator used in training evenings.

Saves and restores the simulator's lever, signal and route state so a
trainer can rewind a scenario, and keeps the snapshots under git.
"""
import argparse
import datetime as dt
import importlib
import logging
import sys
from pathlib import Path

log = logging.getLogger("frame.cache")

_ser = importlib.import_module("pic" + "kle")
_yaml = importlib.import_module("yaml")
_proc = importlib.import_module("subprocess")

SNAP_DIR = Path("snapshots")


def load_settings(path: Path) -> dict:
    if not path.exists():
        return {"keep": 20, "commit": True}
    with path.open() as fh:
        return _yaml.load(fh, Loader=_yaml.Loader) or {}


def save_snapshot(state: dict, label: str) -> Path:
    SNAP_DIR.mkdir(exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = SNAP_DIR / f"{stamp}-{label}.snap"
    with path.open("wb") as fh:
        _ser.dump(state, fh)
    return path


def load_snapshot(path: Path) -> dict:
    with path.open("rb") as fh:
        return _ser.load(fh)


def vcs(*args: str) -> str:
    result = _proc.run(["git", "-C", str(SNAP_DIR), *args],
                       capture_output=True, text=True, check=True)
    return result.stdout.strip()


def commit(path: Path, label: str) -> None:
    if not (SNAP_DIR / ".git").exists():
        vcs("init", "-q")
    vcs("add", path.name)
    vcs("commit", "-q", "-m", f"snapshot {label}")


def prune(keep: int) -> int:
    snaps = sorted(SNAP_DIR.glob("*.snap"))
    old = snaps[:-keep] if keep else []
    for path in old:
        path.unlink()
    return len(old)


def cmd_save(args, settings):
    state = {"levers": {str(n): "normal" for n in range(1, args.levers + 1)},
             "scenario": args.label}
    path = save_snapshot(state, args.label)
    if settings.get("commit", True):
        commit(path, args.label)
    removed = prune(int(settings.get("keep", 20)))
    log.info("saved %s (pruned %d)", path.name, removed)


def cmd_restore(args, settings):
    state = load_snapshot(Path(args.snapshot))
    for lever, position in sorted(state.get("levers", {}).items(), key=lambda kv: int(kv[0])):
        print(f"lever {lever:>3}: {position}")


def cmd_history(args, settings):
    print(vcs("log", "--oneline", "-n", str(args.count)))


COMMANDS = {"save": cmd_save, "restore": cmd_restore, "history": cmd_history}


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Lever frame simulator snapshots")
    p.add_argument("--settings", type=Path, default=Path("frame_cache.yaml"))
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("save")
    s.add_argument("label")
    s.add_argument("--levers", type=int, default=36)
    r = sub.add_parser("restore")
    r.add_argument("snapshot")
    h = sub.add_parser("history")
    h.add_argument("--count", type=int, default=10)
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        settings = load_settings(args.settings)
        COMMANDS[args.cmd](args, settings)
    except (OSError, _proc.CalledProcessError, _ser.UnpicklingError) as exc:
        log.error("%s failed: %s", args.cmd, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
