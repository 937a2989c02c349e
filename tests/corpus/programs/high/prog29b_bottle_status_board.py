#!/usr/bin/env python3
"""Public status board for the office network.

A bottle app that shows build and printer status on the lobby screens.
It is started by root so that it can bind port 80, then permanently
switches to the unprivileged service account before handling requests.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import time
from pathlib import Path

import bottle
from bottle import Bottle, HTTPResponse, response, template

STATE_FILE = Path("board-state.json")
log = logging.getLogger("status-board")
app = Bottle()

BOARD_TPL = """
<html><head><meta http-equiv="refresh" content="30"><title>Status</title></head>
<body>
<h1>Office status</h1>
<ul>
% for item in items:
  <li class="{{item['level']}}">{{item['name']}}: {{item['message']}}</li>
% end
</ul>
<small>updated {{updated}}</small>
</body></html>
"""


def load_state() -> dict:
    try:
        return json.loads(STATE_FILE.read_text())
    except (FileNotFoundError, ValueError):
        return {"items": [], "updated": 0}


@app.get("/")
def board():
    state = load_state()
    updated = time.strftime("%H:%M", time.localtime(state.get("updated", 0)))
    return template(BOARD_TPL, items=state.get("items", []), updated=updated)


@app.get("/status.json")
def status_json():
    response.content_type = "application/json"
    return json.dumps(load_state())


@app.post("/status/<name>")
def set_status(name):
    token = os.environ.get("BOARD_TOKEN")
    if not token or bottle.request.get_header("X-Board-Token") != token:
        raise HTTPResponse(status=401)
    body = bottle.request.json or {}
    state = load_state()
    items = [i for i in state["items"] if i["name"] != name]
    items.append({"name": name,
                  "level": str(body.get("level", "info")),
                  "message": str(body.get("message", ""))[:200]})
    state.update(items=items, updated=time.time())
    STATE_FILE.write_text(json.dumps(state))
    return {"ok": True}


def drop_privileges(user: str, group: str) -> None:
    """Switch from root to the given account; irreversible."""
    if os.getuid() != 0:
        log.info("not root; keeping uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s:%s", user, group)


class PrivDropServer(bottle.WSGIRefServer):
    """Bind the socket first, then drop root before serving."""

    def __init__(self, user, group, **options):
        super().__init__(**options)
        self._user, self._group = user, group

    def run(self, handler):
        from wsgiref.simple_server import make_server, WSGIRequestHandler

        class QuietHandler(WSGIRequestHandler):
            def log_request(self, *args, **kw):
                pass

        srv = make_server(self.host, self.port, handler, handler_class=QuietHandler)
        drop_privileges(self._user, self._group)
        srv.serve_forever()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="statusboard")
    ap.add_argument("--group", default="statusboard")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    server = PrivDropServer(args.user, args.group, host="0.0.0.0", port=args.port)
    bottle.run(app, server=server)


if __name__ == "__main__":
    main()
