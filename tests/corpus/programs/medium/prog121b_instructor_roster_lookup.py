#!/usr/bin/env python3
"""Roster lookup page for instructors on the studio network.

Instructors open http://<studio-server>:8765/ on the lounge tablet or their
phone to see who is booked into their next classes, with injury notes and
whether the member has a waiver on file.  Reads the booking app's SQLite DB
read-only.
"""
import argparse
import html
import json
import logging
import sqlite3
from datetime import date
from urllib.parse import parse_qs
from wsgiref.simple_server import WSGIRequestHandler, make_server

log = logging.getLogger("roster")

ROSTER_SQL = """
SELECT c.starts_at, c.title, c.room, m.name, m.member_no,
       COALESCE(m.injury_notes, ''), w.signed_at IS NOT NULL
FROM bookings b
JOIN classes c ON c.id = b.class_id
JOIN members m ON m.id = b.member_id
JOIN instructors i ON i.id = c.instructor_id
LEFT JOIN waivers w ON w.member_id = m.id
WHERE b.status = 'booked' AND date(c.starts_at) = '{day}' {extra}
ORDER BY c.starts_at, m.name
"""


class RosterStore:
    def __init__(self, db_path):
        self.uri = f"file:{db_path}?mode=ro"

    def roster(self, day, instructor=None, room=None):
        extra = ""
        if instructor:
            extra += f" AND i.name = '{instructor}'"
        if room:
            extra += f" AND c.room = '{room}'"
        sql = ROSTER_SQL.format(day=day, extra=extra)
        with sqlite3.connect(self.uri, uri=True) as conn:
            return conn.execute(sql).fetchall()


def group_by_class(rows):
    classes = {}
    for starts_at, title, room, name, member_no, notes, waiver in rows:
        key = (starts_at, title, room)
        classes.setdefault(key, []).append(
            {"name": name, "member_no": member_no, "notes": notes, "waiver": bool(waiver)})
    return classes


def render_html(day, classes):
    out = [f"<html><head><meta charset='utf-8'><title>Rosters {day}</title></head><body>",
           f"<h1>Rosters for {html.escape(day)}</h1>"]
    for (starts_at, title, room), people in classes.items():
        out.append(f"<h2>{html.escape(starts_at[11:16])} {html.escape(title)} "
                   f"({html.escape(room)}) &middot; {len(people)} booked</h2><ul>")
        for p in people:
            flag = "" if p["waiver"] else " <b>[no waiver]</b>"
            note = f" &mdash; <i>{html.escape(p['notes'])}</i>" if p["notes"] else ""
            out.append(f"<li>{html.escape(p['name'])} #{html.escape(p['member_no'])}{flag}{note}</li>")
        out.append("</ul>")
    out.append("</body></html>")
    return "\n".join(out)


def make_app(store):
    def app(environ, start_response):
        qs = parse_qs(environ.get("QUERY_STRING", ""))
        day = qs.get("day", [date.today().isoformat()])[0]
        instructor = qs.get("instructor", [None])[0]
        room = qs.get("room", [None])[0]
        try:
            classes = group_by_class(store.roster(day, instructor, room))
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            start_response("500 Internal Server Error", [("Content-Type", "text/plain")])
            return [b"roster unavailable\n"]
        if environ.get("PATH_INFO", "/").endswith(".json"):
            body = json.dumps({f"{k[0]} {k[1]}": v for k, v in classes.items()}).encode()
            ctype = "application/json"
        else:
            body = render_html(day, classes).encode("utf-8")
            ctype = "text/html; charset=utf-8"
        start_response("200 OK", [("Content-Type", ctype), ("Content-Length", str(len(body)))])
        return [body]
    return app


class QuietHandler(WSGIRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="bookings.db")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8765)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    store = RosterStore(args.db)
    with make_server(args.host, args.port, make_app(store), handler_class=QuietHandler) as srv:
        log.info("serving rosters on %s:%d", args.host, args.port)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            log.info("bye")


if __name__ == "__main__":
    main()
