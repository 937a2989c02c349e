#!/usr/bin/env python3
"""Save and restore the editor workspace session (open buffers, cursor
positions, split layout) between runs.

State lives in ./.workspace/session.pkl next to the project.
"""
import argparse
import logging
import os
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List

log = logging.getLogger("session")
STATE_DIR = Path(".workspace")
STATE_FILE = STATE_DIR / "session.pkl"


@dataclass
class Buffer:
    path: str
    line: int = 1
    column: int = 1
    pinned: bool = False


@dataclass
class Session:
    buffers: List[Buffer] = field(default_factory=list)
    layout: Dict[str, float] = field(default_factory=lambda: {"split": 0.5})
    saved_at: float = 0.0

    def prune_missing(self) -> int:
        before = len(self.buffers)
        self.buffers = [b for b in self.buffers if Path(b.path).exists()]
        return before - len(self.buffers)


def load_session(path: Path = STATE_FILE) -> Session:
    if not path.exists():
        log.info("no previous session")
        return Session()
    with path.open("rb") as fh:
        obj = pickle.load(fh)
    if not isinstance(obj, Session):
        log.warning("unexpected object in %s, starting fresh", path)
        return Session()
    return obj


def save_session(sess: Session, path: Path = STATE_FILE) -> None:
    path.parent.mkdir(exist_ok=True)
    sess.saved_at = time.time()
    tmp = path.with_suffix(".tmp")
    with tmp.open("wb") as fh:
        pickle.dump(sess, fh, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, path)


def cmd_show(args) -> int:
    sess = load_session(args.state)
    dropped = sess.prune_missing()
    if dropped:
        log.info("%d buffer(s) refer to deleted files", dropped)
    for b in sess.buffers:
        flag = "*" if b.pinned else " "
        print(f"{flag} {b.path}:{b.line}:{b.column}")
    return 0


def cmd_open(args) -> int:
    sess = load_session(args.state)
    for name in args.files:
        if any(b.path == name for b in sess.buffers):
            continue
        sess.buffers.append(Buffer(path=name, pinned=args.pin))
    save_session(sess, args.state)
    log.info("session now has %d buffer(s)", len(sess.buffers))
    return 0


def cmd_clear(args) -> int:
    if args.state.exists():
        args.state.unlink()
    log.info("session cleared")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--state", type=Path, default=STATE_FILE)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("show").set_defaults(fn=cmd_show)
    op = sub.add_parser("open")
    op.add_argument("files", nargs="+")
    op.add_argument("--pin", action="store_true")
    op.set_defaults(fn=cmd_open)
    sub.add_parser("clear").set_defaults(fn=cmd_clear)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        return args.fn(args)
    except (OSError, pickle.UnpicklingError) as exc:
        log.error("session error: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
