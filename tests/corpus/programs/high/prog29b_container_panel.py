"""Container panel: a read-mostly web view of the docker host.

Lists running containers for the compose project configured in
panel.ini and lets developers restart or tail one of them.  Talks to the
Docker Engine API directly over its unix socket.
"""
import argparse
import configparser
import json
import logging
from pathlib import Path

import aiohttp
from aiohttp import web

DEFAULT_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.43"

log = logging.getLogger("container-panel")


def read_settings(path: Path) -> dict:
    cp = configparser.ConfigParser()
    cp.read_dict({"panel": {"socket": DEFAULT_SOCKET, "project": "acme", "port": "8300"}})
    if path.exists():
        cp.read(path)
    sect = cp["panel"]
    return {"socket": sect["socket"], "project": sect["project"], "port": sect.getint("port")}


class DockerAPI:
    def __init__(self, socket_path: str):
        self._connector = aiohttp.UnixConnector(path=socket_path)
        self._session = aiohttp.ClientSession(connector=self._connector,
                                              timeout=aiohttp.ClientTimeout(total=30))
        self._base = f"http://docker/{API_VERSION}"

    async def close(self):
        await self._session.close()

    async def containers(self, project: str) -> list:
        filters = json.dumps({"label": [f"com.docker.compose.project={project}"]})
        async with self._session.get(f"{self._base}/containers/json",
                                     params={"all": "1", "filters": filters}) as r:
            r.raise_for_status()
            return await r.json()

    async def restart(self, cid: str, grace: int = 10) -> int:
        async with self._session.post(f"{self._base}/containers/{cid}/restart",
                                      params={"t": str(grace)}) as r:
            return r.status

    async def logs(self, cid: str, tail: int) -> str:
        params = {"stdout": "1", "stderr": "1", "tail": str(tail)}
        async with self._session.get(f"{self._base}/containers/{cid}/logs", params=params) as r:
            r.raise_for_status()
            raw = await r.read()
        # strip the 8-byte multiplexing headers
        out, i = [], 0
        while i + 8 <= len(raw):
            size = int.from_bytes(raw[i + 4:i + 8], "big")
            out.append(raw[i + 8:i + 8 + size].decode("utf-8", "replace"))
            i += 8 + size
        return "".join(out)


def summarize(c: dict) -> dict:
    return {
        "id": c["Id"][:12],
        "name": c["Names"][0].lstrip("/"),
        "service": c["Labels"].get("com.docker.compose.service"),
        "image": c["Image"],
        "state": c["State"],
        "status": c["Status"],
    }


async def owned(request: web.Request, cid: str) -> bool:
    items = await request.app["docker"].containers(request.app["settings"]["project"])
    return any(c["Id"].startswith(cid) for c in items)


async def list_containers(request: web.Request) -> web.Response:
    items = await request.app["docker"].containers(request.app["settings"]["project"])
    return web.json_response([summarize(c) for c in items])


async def restart_container(request: web.Request) -> web.Response:
    cid = request.match_info["cid"]
    if not await owned(request, cid):
        raise web.HTTPNotFound(text="container not in project")
    status = await request.app["docker"].restart(cid)
    log.info("restart %s -> HTTP %s", cid, status)
    return web.json_response({"id": cid, "restarted": status == 204})


async def tail_logs(request: web.Request) -> web.Response:
    cid = request.match_info["cid"]
    tail = min(int(request.query.get("tail", "200")), 2000)
    if not await owned(request, cid):
        raise web.HTTPNotFound(text="container not in project")
    text = await request.app["docker"].logs(cid, tail)
    return web.Response(text=text, content_type="text/plain")


async def startup(app: web.Application):
    app["docker"] = DockerAPI(app["settings"]["socket"])


async def cleanup(app: web.Application):
    await app["docker"].close()


def build(settings: dict) -> web.Application:
    app = web.Application()
    app["settings"] = settings
    app.on_startup.append(startup)
    app.on_cleanup.append(cleanup)
    app.router.add_get("/containers", list_containers)
    app.router.add_post("/containers/{cid}/restart", restart_container)
    app.router.add_get("/containers/{cid}/logs", tail_logs)
    return app


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("panel.ini"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    settings = read_settings(args.config)
    web.run_app(build(settings), host="127.0.0.1", port=settings["port"])
