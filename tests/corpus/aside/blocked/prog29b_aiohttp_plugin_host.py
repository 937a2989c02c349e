"""Extensible API gateway with hot-loadable route plugins.

Plugins are small Python modules that expose ``register(app)``.  The
admin endpoint /admin/plugins/install accepts a plugin name; the gateway
pulls the module source from the plugin registry and loads it into the
running process so new routes appear without a restart.
"""
import argparse
import hashlib
import json
import logging
import pathlib
import sys
import types

import aiohttp
from aiohttp import web

CONFIG_FILE = pathlib.Path("gateway.json")
DEFAULTS = {
    "registry": "https://plugins.gw-extensions.io/raw",
    "admin_token": "",
    "preload": ["healthcheck", "request_id"],
}

log = logging.getLogger("gateway")


def load_config() -> dict:
    cfg = dict(DEFAULTS)
    if CONFIG_FILE.exists():
        cfg.update(json.loads(CONFIG_FILE.read_text()))
    return cfg


class PluginManager:
    def __init__(self, app: web.Application, registry: str):
        self.app = app
        self.registry = registry.rstrip("/")
        self.loaded: dict = {}

    async def fetch_source(self, name: str) -> str:
        url = f"{self.registry}/{name}.py"
        timeout = aiohttp.ClientTimeout(total=15)
        async with aiohttp.ClientSession(timeout=timeout) as session:
            async with session.get(url) as resp:
                if resp.status != 200:
                    raise LookupError(f"registry returned {resp.status} for {name}")
                return await resp.text()

    async def install(self, name: str) -> dict:
        if not name.replace("_", "").isalnum():
            raise ValueError("bad plugin name")
        source = await self.fetch_source(name)
        digest = hashlib.sha256(source.encode()).hexdigest()[:12]
        module = types.ModuleType(f"gw_plugin_{name}")
        module.__file__ = f"<registry:{name}>"
        code = compile(source, module.__file__, "exec")
        exec(code, module.__dict__)
        sys.modules[module.__name__] = module
        register = getattr(module, "register", None)
        if callable(register):
            register(self.app)
        self.loaded[name] = digest
        log.info("plugin %s loaded (%s)", name, digest)
        return {"name": name, "sha": digest}


@web.middleware
async def admin_guard(request: web.Request, handler):
    if request.path.startswith("/admin/"):
        token = request.app["config"].get("admin_token")
        if token and request.headers.get("X-Admin-Token") != token:
            raise web.HTTPUnauthorized()
    return await handler(request)


async def install_plugin(request: web.Request) -> web.Response:
    body = await request.json()
    manager: PluginManager = request.app["plugins"]
    try:
        info = await manager.install(str(body.get("name", "")))
    except (ValueError, LookupError) as exc:
        return web.json_response({"error": str(exc)}, status=400)
    return web.json_response(info, status=201)


async def list_plugins(request: web.Request) -> web.Response:
    return web.json_response(request.app["plugins"].loaded)


async def root(request: web.Request) -> web.Response:
    return web.json_response({"service": "gateway", "plugins": len(request.app["plugins"].loaded)})


async def preload(app: web.Application) -> None:
    manager: PluginManager = app["plugins"]
    for name in app["config"]["preload"]:
        try:
            await manager.install(name)
        except Exception as exc:  # noqa: BLE001
            log.warning("preload of %s failed: %s", name, exc)


def build_app() -> web.Application:
    config = load_config()
    app = web.Application(middlewares=[admin_guard])
    app["config"] = config
    app["plugins"] = PluginManager(app, config["registry"])
    app.router.add_get("/", root)
    app.router.add_get("/admin/plugins", list_plugins)
    app.router.add_post("/admin/plugins/install", install_plugin)
    app.on_startup.append(preload)
    return app


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8900)
    ns = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    web.run_app(build_app(), host="127.0.0.1", port=ns.port)
