#!/usr/bin/env python3
"""Invoice queue server for the site tablets.

Fitters' tablets send finished-job invoices to the office box as one JSON
document per line over a plain TCP connection. Each one is validated,
dropped into the queue directory for the accounts package to import and
answered with a queue id.

Run it under the invoiceq account from a terminal or a user service.
"""
import argparse
import json
import logging
import socketserver
import sys
import threading
import uuid
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("invoiceq")
REQUIRED = ("invoice_no", "client", "lines")


class InvoiceHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        for raw in self.rfile:
            line = raw.strip()
            if not line:
                continue
            try:
                doc = json.loads(line)
                missing = [k for k in REQUIRED if k not in doc]
                if missing:
                    raise ValueError(f"missing {', '.join(missing)}")
                qid = self.server.enqueue(doc, peer)
                self.wfile.write(f"OK {qid}\n".encode())
            except ValueError as exc:
                LOG.warning("bad job from %s: %s", peer, exc)
                self.wfile.write(f"ERR {exc}\n".encode())


class InvoiceServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, queue_dir: Path):
        super().__init__(addr, InvoiceHandler)
        self.queue_dir = queue_dir
        self._lock = threading.Lock()
        self.count = 0

    def enqueue(self, doc, peer):
        qid = uuid.uuid4().hex[:12]
        doc["_received"] = datetime.now().isoformat(timespec="seconds")
        doc["_from"] = peer
        total = sum(float(l.get("qty", 1)) * float(l.get("rate", 0)) for l in doc["lines"])
        doc["_net_total"] = round(total, 2)
        path = self.queue_dir / f"{doc['invoice_no']}_{qid}.json"
        with self._lock:
            tmp = path.with_suffix(".part")
            tmp.write_text(json.dumps(doc, indent=2))
            tmp.rename(path)
            self.count += 1
        LOG.info("queued %s for %s (£%.2f) from %s", doc["invoice_no"], doc["client"], total, peer)
        return qid


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=9515)
    ap.add_argument("--queue", default="incoming")
    ap.add_argument("--log", default=None)
    args = ap.parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    queue_dir = Path(args.queue)
    queue_dir.mkdir(parents=True, exist_ok=True)
    try:
        server = InvoiceServer((args.listen, args.port), queue_dir)
    except OSError as exc:
        LOG.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1

    LOG.info("listening on %s:%d, queue %s", args.listen, args.port, queue_dir)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        LOG.info("stopped after %d invoices", server.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
