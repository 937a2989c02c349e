"""Maintenance commands of an appliance: the project's own run_subprocess
helper (imported from its utils module, not in this file) runs sudo
systemctl and apt-get. Written for the thirteenth round, labelled before the
assessor ran: sudo, systemctl and package installs are privileged (HIGH)."""
import click

from appliance.utils import run_subprocess


@click.command(name="restart")
def restart() -> None:
    click.echo("restarting the web server...")
    run_subprocess(["sudo", "systemctl", "restart", "nginx"])


@click.command(name="packages")
def packages() -> None:
    run_subprocess(["sudo", "apt-get", "install", "-y", "nginx", "sqlite3"])


if __name__ == "__main__":
    restart()
