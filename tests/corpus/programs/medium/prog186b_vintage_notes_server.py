#!/usr/bin/env python3
"""Vintage tasting notes board.

A small Flask app the winemaking team runs on the lab PC so everyone on
the cellar network can read and add tasting notes during blending trials.
"""
import argparse
import importlib
import logging
import os
import pickle
from dataclasses import dataclass, field, asdict
from datetime import date
from pathlib import Path

log = logging.getLogger("notes-board")

CACHE = Path(os.environ.get("NOTES_CACHE", "notes_cache.pkl"))
SEED = Path(os.environ.get("NOTES_SEED", "blend_trials.yaml"))


@dataclass
class Note:
    wine: str
    taster: str
    score: int
    text: str
    day: str = field(default_factory=lambda: date.today().isoformat())


class NoteBook:
    def __init__(self, cache: Path):
        self.cache = cache
        self.notes = self._load()

    def _load(self):
        if self.cache.exists():
            with self.cache.open("rb") as fh:
                return pickle.load(fh)
        return []

    def seed_from(self, path: Path):
        if not path.exists():
            return
        yaml = importlib.import_module("yaml")
        loader = getattr(yaml, "Loader")
        for item in yaml.load(path.read_text(), Loader=loader) or []:
            self.notes.append(Note(**item))

    def add(self, note: Note):
        self.notes.append(note)
        with self.cache.open("wb") as fh:
            pickle.dump(self.notes, fh)

    def for_wine(self, wine: str):
        return [asdict(n) for n in self.notes if n.wine.lower() == wine.lower()]


def build_app(book: NoteBook):
    flask = importlib.import_module("flask")
    app = flask.Flask(__name__)

    def index():
        wines = sorted({n.wine for n in book.notes})
        return {"wines": wines, "count": len(book.notes)}

    def wine(name):
        return {"wine": name, "notes": book.for_wine(name)}

    def add():
        data = flask.request.get_json(force=True)
        note = Note(data["wine"], data["taster"], int(data["score"]), data.get("text", ""))
        book.add(note)
        return {"ok": True}, 201

    routes = {
        "/": (index, ["GET"]),
        "/wine/<name>": (wine, ["GET"]),
        "/notes": (add, ["POST"]),
    }
    for rule, (fn, methods) in routes.items():
        app.add_url_rule(rule, fn.__name__, fn, methods=methods)
    return app


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=int(os.environ.get("NOTES_PORT", "5050")))
    ap.add_argument("--listen", default=os.environ.get("NOTES_LISTEN", "0.0.0.0"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    book = NoteBook(CACHE)
    book.seed_from(SEED)
    app = build_app(book)
    opts = {"host": args.listen, "port": args.port, "debug": True}
    app.run(**opts)


if __name__ == "__main__":
    main()
