#!/usr/bin/env python3
"""Local intake server: accepts tar.gz bundles over HTTP and unpacks them
into ./intake/<id>/ for the report builder to pick up later."""
import argparse
import hashlib
import io
import json
import logging
import tarfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("intake")
MAX_BYTES = 50 * 1024 * 1024
INTAKE_ROOT = Path("intake")


class BundleStore:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    def bundle_id(self, payload: bytes) -> str:
        return hashlib.sha256(payload).hexdigest()[:16]

    def unpack(self, payload: bytes) -> dict:
        bid = self.bundle_id(payload)
        target = self.root / bid
        if target.exists():
            return {"id": bid, "status": "duplicate"}
        target.mkdir()
        with tarfile.open(fileobj=io.BytesIO(payload), mode="r:gz") as tar:
            members = [m for m in tar.getmembers() if m.isfile() or m.isdir()]
            tar.extractall(path=target, members=members, filter="data")
        files = sorted(str(p.relative_to(target)) for p in target.rglob("*") if p.is_file())
        (target / ".manifest.json").write_text(json.dumps(files, indent=2))
        return {"id": bid, "status": "stored", "files": len(files)}


class IntakeHandler(BaseHTTPRequestHandler):
    store: BundleStore = None

    def _reply(self, code: int, body: dict) -> None:
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        if self.path != "/bundles":
            return self._reply(404, {"error": "not found"})
        length = int(self.headers.get("Content-Length", "0"))
        if length <= 0 or length > MAX_BYTES:
            return self._reply(413, {"error": "bad size"})
        payload = self.rfile.read(length)
        try:
            result = self.store.unpack(payload)
        except (tarfile.TarError, OSError) as exc:
            LOG.warning("rejected bundle: %s", exc)
            return self._reply(400, {"error": "invalid archive"})
        LOG.info("bundle %s -> %s", result["id"], result["status"])
        self._reply(201, result)

    def do_GET(self):
        if self.path == "/bundles":
            ids = sorted(p.name for p in self.store.root.iterdir() if p.is_dir())
            return self._reply(200, {"bundles": ids})
        self._reply(404, {"error": "not found"})

    def log_message(self, fmt, *args):
        LOG.debug(fmt, *args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8077)
    parser.add_argument("--root", type=Path, default=INTAKE_ROOT)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    IntakeHandler.store = BundleStore(args.root)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), IntakeHandler)
    LOG.info("intake listening on 127.0.0.1:%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
