#!/usr/bin/env python3
"""Build-artifact receiver: CI runners POST tar.gz artifacts, we unpack them
into ./artifacts/<job>/ so the test-report stage can collect them."""
import argparse
import io
import json
import logging
import tarfile
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

LOG = logging.getLogger("artifacts")
MAX_BYTES = 200 * 1024 * 1024
ARTIFACT_ROOT = Path("artifacts")


class ArtifactStore:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    def unpack(self, job: str, payload: bytes) -> dict:
        target = self.root / (job or uuid.uuid4().hex[:12])
        target.mkdir(parents=True, exist_ok=True)
        buf = io.BytesIO(payload)
        with tarfile.open(fileobj=buf, mode="r:*") as archive:
            archive.extractall(target)
            names = archive.getnames()
        (target / "_index.json").write_text(json.dumps(names, indent=2))
        return {"job": target.name, "entries": len(names)}


class ArtifactHandler(BaseHTTPRequestHandler):
    store: ArtifactStore = None

    def _send(self, code: int, body: dict) -> None:
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        url = urlparse(self.path)
        if url.path != "/artifacts":
            return self._send(404, {"error": "not found"})
        job = parse_qs(url.query).get("job", [""])[0]
        job = "".join(c for c in job if c.isalnum() or c in "-_")[:64]
        length = int(self.headers.get("Content-Length", "0"))
        if length <= 0 or length > MAX_BYTES:
            return self._send(413, {"error": "bad size"})
        payload = self.rfile.read(length)
        try:
            result = self.store.unpack(job, payload)
        except (tarfile.TarError, OSError) as exc:
            LOG.warning("bad artifact from %s: %s", self.client_address[0], exc)
            return self._send(400, {"error": "invalid archive"})
        LOG.info("job %s: %d entries", result["job"], result["entries"])
        self._send(201, result)

    def do_GET(self):
        if self.path == "/artifacts":
            jobs = sorted(p.name for p in self.store.root.iterdir() if p.is_dir())
            return self._send(200, {"jobs": jobs})
        self._send(404, {"error": "not found"})

    def log_message(self, fmt, *args):
        LOG.debug(fmt, *args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8078)
    parser.add_argument("--root", type=Path, default=ARTIFACT_ROOT)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    ArtifactHandler.store = ArtifactStore(args.root)
    server = ThreadingHTTPServer(("0.0.0.0", args.port), ArtifactHandler)
    LOG.info("artifact receiver on 0.0.0.0:%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
