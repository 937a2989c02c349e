#!/usr/bin/env python3
"""dockpeek - minimal Docker Engine client without the docker CLI installed."""
import http.client
import json
import socket
import sys

import click

SOCKET_PATH = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=SOCKET_PATH):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + url, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise click.ClickException(f"{method} {url}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw and raw[:1] in b"[{" else raw


@click.group()
@click.option("--socket", "sock", default=SOCKET_PATH, show_default=True)
@click.pass_context
def cli(ctx, sock):
    """Talk to the local Docker daemon."""
    ctx.obj = Engine(sock)


@cli.command()
@click.option("-a", "--all", "show_all", is_flag=True)
@click.pass_obj
def ps(engine, show_all):
    for c in engine.call("GET", f"/containers/json?all={int(show_all)}"):
        click.echo(f"{c['Id'][:12]}  {c['Image']:<30} {c['State']:<8} {c['Names'][0]}")


@cli.command()
@click.pass_obj
def images(engine):
    for img in engine.call("GET", "/images/json"):
        tags = ",".join(img.get("RepoTags") or ["<none>"])
        click.echo(f"{img['Id'][7:19]}  {img['Size'] // 2**20:>6} MiB  {tags}")


@cli.command()
@click.argument("container")
@click.option("--tail", default=50)
@click.pass_obj
def logs(engine, container, tail):
    raw = engine.call("GET", f"/containers/{container}/logs?stdout=1&stderr=1&tail={tail}")
    sys.stdout.write(raw.decode(errors="replace") if isinstance(raw, bytes) else str(raw))


@cli.command()
@click.option("--image", default="nicolaka/netshoot:latest")
@click.option("--name", default="dockpeek-debug")
@click.pass_obj
def debug(engine, image, name):
    """Start a troubleshooting container sharing the host's network and PID namespace."""
    spec = {
        "Image": image,
        "Cmd": ["sleep", "infinity"],
        "Tty": True,
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "PidMode": "host",
            "AutoRemove": True,
        },
    }
    created = engine.call("POST", f"/containers/create?name={name}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    click.echo(f"started {name}; attach with: docker exec -it {name} bash")


if __name__ == "__main__":
    cli()
