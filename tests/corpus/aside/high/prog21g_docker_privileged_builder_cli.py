"""ci-builder: runs build jobs inside a privileged docker-in-docker container
through the docker SDK, handing it the host's docker socket as well."""
import sys
import time
from pathlib import Path

import click
import docker
from docker.errors import APIError, ImageNotFound

BUILDER_IMAGE = "docker:24-dind"
LABEL = {"ci-builder": "1"}


def get_client() -> docker.DockerClient:
    return docker.DockerClient(base_url="unix:///var/run/docker.sock", timeout=120)


def ensure_image(dk: docker.DockerClient, image: str) -> None:
    try:
        dk.images.get(image)
    except ImageNotFound:
        click.echo(f"pulling {image} ...")
        dk.images.pull(image)


def start_builder(dk: docker.DockerClient, workspace: Path, name: str):
    return dk.containers.run(
        BUILDER_IMAGE,
        name=name,
        detach=True,
        privileged=True,
        labels=LABEL,
        network_mode="host",
        pid_mode="host",
        cap_add=["SYS_ADMIN"],
        volumes={
            str(workspace.resolve()): {"bind": "/workspace", "mode": "rw"},
            "/var/run/docker.sock": {"bind": "/var/run/docker.sock", "mode": "rw"},
            "/lib/modules": {"bind": "/lib/modules", "mode": "ro"},
        },
        working_dir="/workspace",
    )


@click.group()
def cli():
    """Privileged build containers."""


@cli.command()
@click.argument("workspace", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--tag", required=True, help="Image tag to build")
@click.option("--keep", is_flag=True, help="Do not remove the builder afterwards")
def build(workspace: Path, tag: str, keep: bool):
    """Build WORKSPACE/Dockerfile inside a privileged builder."""
    dk = get_client()
    ensure_image(dk, BUILDER_IMAGE)
    name = f"ci-builder-{int(time.time())}"
    container = start_builder(dk, workspace, name)
    try:
        time.sleep(3)  # wait for dockerd inside the container
        result = container.exec_run(["docker", "build", "-t", tag, "."], stream=True)
        for chunk in result.output:
            sys.stdout.write(chunk.decode(errors="replace"))
    except APIError as exc:
        click.secho(f"build failed: {exc.explanation}", fg="red")
        sys.exit(1)
    finally:
        if not keep:
            container.remove(force=True)


@cli.command()
def prune():
    """Remove leftover builder containers."""
    dk = get_client()
    for container in dk.containers.list(all=True, filters={"label": "ci-builder=1"}):
        container.remove(force=True)
        click.echo(f"removed {container.name}")


@cli.command()
def status():
    """Show running builders."""
    dk = get_client()
    for container in dk.containers.list(filters={"label": "ci-builder=1"}):
        click.echo(f"{container.short_id}  {container.name}  {container.status}")


if __name__ == "__main__":
    cli()
