#!/usr/bin/env python3
"""Client proofing gallery for in-studio viewing sessions.

Serves the JPEG proofs of one shoot as a simple grid page on the studio LAN.
Clients tap the heart on a frame to mark it; picks are written to
<shoot>/picks.json so the retoucher can filter them in Lightroom later.

    proofing_preview.py shoots/2024-05-11_okafor --port 8800
"""
import argparse
import html
import json
import logging
import mimetypes
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

log = logging.getLogger("proofing")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<title>{title}</title><style>
body{{background:#111;color:#eee;font-family:sans-serif}}
.grid{{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:8px}}
figure{{margin:0;position:relative}} img{{width:100%}}
button{{position:absolute;right:6px;bottom:6px;font-size:22px;background:none;border:0;color:#888}}
button.on{{color:#e33}}</style></head><body><h1>{title}</h1><div class="grid">{cells}</div>
<script>
document.querySelectorAll('button').forEach(b=>b.onclick=async()=>{{
 const r=await fetch('/pick',{{method:'POST',headers:{{'Content-Type':'application/json'}},
   body:JSON.stringify({{name:b.dataset.n}})}});
 const j=await r.json(); b.classList.toggle('on',j.picked);}});
</script></body></html>"""


class ProofStore:
    def __init__(self, shoot_dir):
        self.root = shoot_dir.resolve()
        self.proofs = sorted(p.name for p in (self.root / "proofs").glob("*.jpg"))
        self.picks_file = self.root / "picks.json"
        self._lock = threading.Lock()
        self.picks = set(json.loads(self.picks_file.read_text())) if self.picks_file.exists() else set()

    def toggle(self, name):
        if name not in self.proofs:
            raise KeyError(name)
        with self._lock:
            self.picks ^= {name}
            self.picks_file.write_text(json.dumps(sorted(self.picks), indent=1))
            return name in self.picks

    def proof_path(self, name):
        if name not in self.proofs:
            return None
        return self.root / "proofs" / name


class ProofHandler(BaseHTTPRequestHandler):
    store: ProofStore = None
    title = "Proofs"

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)

    def _send(self, status, body, ctype):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = unquote(urlsplit(self.path).path)
        if path == "/":
            cells = "".join(
                f'<figure><img loading="lazy" src="/p/{html.escape(n)}">'
                f'<button data-n="{html.escape(n)}" class="{"on" if n in self.store.picks else ""}">&#9829;</button></figure>'
                for n in self.store.proofs)
            body = PAGE.format(title=html.escape(self.title), cells=cells).encode()
            return self._send(HTTPStatus.OK, body, "text/html; charset=utf-8")
        if path.startswith("/p/"):
            p = self.store.proof_path(path[3:])
            if p and p.is_file():
                return self._send(HTTPStatus.OK, p.read_bytes(),
                                  mimetypes.guess_type(p.name)[0] or "image/jpeg")
        self._send(HTTPStatus.NOT_FOUND, b"not found", "text/plain")

    def do_POST(self):
        if self.path != "/pick":
            return self._send(HTTPStatus.NOT_FOUND, b"", "text/plain")
        length = int(self.headers.get("Content-Length", 0))
        try:
            name = json.loads(self.rfile.read(min(length, 4096)))["name"]
            picked = self.store.toggle(name)
        except (ValueError, KeyError):
            return self._send(HTTPStatus.BAD_REQUEST, b'{"error":"bad pick"}', "application/json")
        self._send(HTTPStatus.OK, json.dumps({"picked": picked}).encode(), "application/json")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Serve a proofing gallery on the studio network")
    ap.add_argument("shoot", type=Path)
    ap.add_argument("--host", default="0.0.0.0", help="listen address (all interfaces so iPads can connect)")
    ap.add_argument("--port", type=int, default=8800)
    ap.add_argument("--title")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not (args.shoot / "proofs").is_dir():
        log.error("%s has no proofs/ folder", args.shoot)
        return 1
    ProofHandler.store = ProofStore(args.shoot)
    ProofHandler.title = args.title or args.shoot.name.replace("_", " ")
    server = ThreadingHTTPServer((args.host, args.port), ProofHandler)
    log.info("%d proofs, serving on http://%s:%d/", len(ProofHandler.store.proofs), args.host, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping, %d picks saved", len(ProofHandler.store.picks))
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
