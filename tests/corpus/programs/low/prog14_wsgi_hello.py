"""Health and echo endpoints for the load balancer's checks (WSGI)."""
import json
import time

STARTED = time.time()


def application(environ, start_response):
    path = environ.get("PATH_INFO", "/")
    if path == "/healthz":
        body = json.dumps({"ok": True, "uptime": round(time.time() - STARTED, 1)})
        start_response("200 OK", [("Content-Type", "application/json")])
        return [body.encode()]
    query = environ.get("QUERY_STRING", "")
    start_response("200 OK", [("Content-Type", "text/plain; charset=utf-8")])
    return [f"path={path} query={query}\n".encode()]
