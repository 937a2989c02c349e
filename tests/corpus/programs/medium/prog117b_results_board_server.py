#!/usr/bin/env python3
"""Show pairings and standings to players' phones at the venue.

Builds a tiny static site (index.html, pairings.html, standings.html) from
the JSON exports of the pairing program and serves the folder to anyone
on the venue Wi-Fi, rebuilding it whenever the exports change.
"""
import argparse
import functools
import html
import json
import logging
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("results_board")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="60"><title>{title}</title>
<style>body{{font-family:sans-serif;margin:1em}}td,th{{padding:.2em .6em}}
tr:nth-child(even){{background:#eee}}</style></head><body>
<h1>{title}</h1><p><a href="index.html">home</a> | <a href="pairings.html">pairings</a>
| <a href="standings.html">standings</a></p>{body}
<p><small>updated {stamp}</small></p></body></html>"""


def table(headers, rows) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>"
                   for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


class SiteBuilder:
    def __init__(self, exports: Path, site: Path, event: str):
        self.exports, self.site, self.event = exports, site, event
        self.last_seen = 0.0

    def changed(self) -> bool:
        mtimes = [p.stat().st_mtime for p in self.exports.glob("*.json")]
        newest = max(mtimes, default=0.0)
        if newest > self.last_seen:
            self.last_seen = newest
            return True
        return False

    def _page(self, name: str, title: str, body: str) -> None:
        stamp = time.strftime("%H:%M:%S")
        (self.site / name).write_text(PAGE.format(title=html.escape(title), body=body,
                                                  stamp=stamp), encoding="utf-8")

    def build(self) -> None:
        self.site.mkdir(parents=True, exist_ok=True)
        pairings = json.loads((self.exports / "pairings.json").read_text())
        standings = json.loads((self.exports / "standings.json").read_text())
        rnd = pairings.get("round", "?")
        self._page("pairings.html", f"{self.event} - round {rnd}", table(
            ["Bd", "White", "Black", "Result"],
            [(g["board"], g["white"], g["black"], g.get("result") or "")
             for g in pairings.get("games", [])]))
        self._page("standings.html", f"{self.event} - standings", table(
            ["#", "Name", "Pts", "TB"],
            [(i, s["name"], s["points"], s.get("tiebreak", ""))
             for i, s in enumerate(standings.get("rows", []), 1)]))
        self._page("index.html", self.event,
                   f"<p>Round {rnd} pairings are up.</p>")
        log.info("site rebuilt for round %s", rnd)

    def watch(self, interval: float) -> None:
        while True:
            try:
                if self.changed():
                    self.build()
            except (OSError, ValueError, KeyError) as exc:
                log.warning("rebuild failed: %s", exc)
            time.sleep(interval)


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s %s", self.address_string(), fmt % args)


class ResultsServer(ThreadingHTTPServer):
    daemon_threads = True
    listen_host = "0.0.0.0"

    def __init__(self, port: int, folder: Path):
        handler = functools.partial(QuietHandler, directory=str(folder))
        super().__init__((self.listen_host, port), handler)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("exports", type=Path, help="folder with pairings.json/standings.json")
    ap.add_argument("--site", type=Path, default=Path("site"))
    ap.add_argument("--event", default="Club Championship")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    builder = SiteBuilder(args.exports, args.site, args.event)
    threading.Thread(target=builder.watch, args=(10.0,), daemon=True).start()
    args.site.mkdir(parents=True, exist_ok=True)
    server = ResultsServer(args.port, args.site)
    log.info("serving %s on port %d", args.site, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
