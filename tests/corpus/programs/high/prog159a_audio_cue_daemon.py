#!/usr/bin/env python3
"""Room audio cue daemon.

Listens for cue requests from the room tablets on port 80 (the tablets'
kiosk browser cannot be pointed at another port) and plays the matching
sound file. Starts as root to bind the port, then drops to the service user.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import subprocess
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

log = logging.getLogger("audio-cues")

SETTINGS = {
    "listen": os.environ.get("CUE_LISTEN", "0.0.0.0"),
    "port": int(os.environ.get("CUE_PORT", "80")),
    "run_as": os.environ.get("CUE_USER", "roomaudio"),
    "cue_dir": os.environ.get("CUE_DIR", "/srv/roomaudio/cues"),
}


def load_cues(cue_dir):
    cues = {}
    for path in Path(cue_dir).glob("*.wav"):
        cues[path.stem] = path
    log.info("loaded %d cues from %s", len(cues), cue_dir)
    return cues


def drop_privileges(username):
    if os.getuid() != 0:
        log.info("not root, keeping uid %d", os.getuid())
        return
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    os.umask(0o027)
    log.info("now running as %s (uid %d)", username, entry.pw_uid)


def play(path):
    return subprocess.Popen(["aplay", "-q", str(path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class CueHandler(BaseHTTPRequestHandler):
    cues = {}

    def _reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/cues":
            self._reply(200, {"cues": sorted(self.cues)})
        else:
            self._reply(404, {"error": "not found"})

    def do_POST(self):
        if not self.path.startswith("/cue/"):
            self._reply(404, {"error": "not found"})
            return
        name = self.path[len("/cue/"):]
        path = self.cues.get(name)
        if path is None:
            self._reply(404, {"error": "unknown cue", "cue": name})
            return
        play(path)
        self._reply(202, {"playing": name})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=SETTINGS["port"])
    parser.add_argument("--user", default=SETTINGS["run_as"])
    parser.add_argument("--cue-dir", default=SETTINGS["cue_dir"])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    server = HTTPServer((SETTINGS["listen"], args.port), CueHandler)
    drop_privileges(args.user)
    CueHandler.cues = load_cues(args.cue_dir)
    log.info("listening on %s:%d", SETTINGS["listen"], args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
