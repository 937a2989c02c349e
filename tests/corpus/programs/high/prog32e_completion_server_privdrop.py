#!/usr/bin/env python3
"""Minimal completion endpoint for an n-gram language model.

Started by root so it can bind port 80, then permanently drops to an
unprivileged service account before loading the model and serving requests.
POST /v1/complete {"prompt": "...", "max_tokens": 20}
"""
import argparse
import grp
import json
import logging
import os
import pwd
import random
import sys
from collections import defaultdict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("ngram_server")


class BigramModel:
    def __init__(self):
        self.table = defaultdict(lambda: defaultdict(int))

    @classmethod
    def from_json(cls, path):
        model = cls()
        with open(path, encoding="utf-8") as fh:
            raw = json.load(fh)
        for prev, nexts in raw.items():
            for tok, count in nexts.items():
                model.table[prev][tok] = int(count)
        return model

    def sample_next(self, prev, rng):
        options = self.table.get(prev)
        if not options:
            return None
        tokens, weights = zip(*options.items())
        return rng.choices(tokens, weights=weights, k=1)[0]

    def complete(self, prompt, max_tokens, seed=None):
        rng = random.Random(seed)
        words = prompt.split()
        prev = words[-1] if words else "<s>"
        out = []
        for _ in range(max_tokens):
            nxt = self.sample_next(prev, rng)
            if nxt is None or nxt == "</s>":
                break
            out.append(nxt)
            prev = nxt
        return " ".join(out)


def drop_privileges(user, group):
    if os.getuid() != 0:
        log.info("not root, nothing to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("failed to drop root privileges")
    log.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


def make_handler(model, max_allowed):
    class Handler(BaseHTTPRequestHandler):
        server_version = "ngram/0.2"

        def _send(self, code, payload):
            body = json.dumps(payload).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            if self.path != "/v1/complete":
                return self._send(404, {"error": "not found"})
            try:
                length = int(self.headers.get("Content-Length", "0"))
                req = json.loads(self.rfile.read(min(length, 65536)) or b"{}")
                prompt = str(req.get("prompt", ""))
                n = max(1, min(int(req.get("max_tokens", 20)), max_allowed))
            except (ValueError, TypeError) as exc:
                return self._send(400, {"error": f"bad request: {exc}"})
            text = model.complete(prompt, n, seed=req.get("seed"))
            return self._send(200, {"completion": text, "tokens": len(text.split())})

        def log_message(self, fmt, *args):
            log.info("%s %s", self.address_string(), fmt % args)

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", required=True, help="bigram counts JSON")
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=80)
    parser.add_argument("--user", default="llmsvc")
    parser.add_argument("--group", default=None)
    parser.add_argument("--max-tokens", type=int, default=256)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    server = ThreadingHTTPServer((args.host, args.port), None)
    try:
        drop_privileges(args.user, args.group)
    except (KeyError, PermissionError, RuntimeError) as exc:
        log.error("privilege drop failed: %s", exc)
        return 1

    model = BigramModel.from_json(args.model)
    server.RequestHandlerClass = make_handler(model, args.max_tokens)
    log.info("listening on %s:%d", args.host, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
