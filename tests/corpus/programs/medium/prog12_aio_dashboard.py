"""Team dashboard served with aiohttp."""
import logging
import os

from aiohttp import web

log = logging.getLogger("dash")

SERVE = {"host": os.environ.get("DASH_HOST", "0.0.0.0"), "port": 8088}


async def index(request: web.Request) -> web.Response:
    return web.json_response({"status": "ok", "builds": []})


def make_app() -> web.Application:
    app = web.Application()
    app.router.add_get("/", index)
    return app


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    web.run_app(make_app(), host=SERVE["host"], port=SERVE["port"])
