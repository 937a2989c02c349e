"""Tiny calculator microservice used by the dashboard widgets."""
import json
import logging
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlparse

logging.basicConfig(level=logging.INFO)
LOG = logging.getLogger("calc")


class CalcHandler(BaseHTTPRequestHandler):
    def _reply(self, code, body):
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        query = parse_qs(urlparse(self.path).query)
        expr = query.get("expr", ["0"])[0]
        LOG.info("evaluating %s", expr)
        try:
            result = eval(expr)
        except Exception as exc:  # report the error to the widget
            self._reply(400, {"error": str(exc)})
            return
        self._reply(200, {"result": result})


def serve(port=8311):
    HTTPServer(("127.0.0.1", port), CalcHandler).serve_forever()


if __name__ == "__main__":
    serve()
