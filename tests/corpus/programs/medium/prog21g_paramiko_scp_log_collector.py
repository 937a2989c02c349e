"""Collects application logs from a list of app servers over SSH: checks
disk usage, compresses yesterday's log on the server and copies it down with
scp. Unknown host keys are accepted automatically."""
import argparse
import logging
from datetime import date, timedelta
from pathlib import Path

import paramiko
from scp import SCPClient, SCPException

log = logging.getLogger("logpull")

REMOTE_LOG_DIR = "/srv/app/logs"
DEFAULT_HOSTS = ["app1.corp.example", "app2.corp.example"]


def connect(host: str, user: str, port: int = 22) -> paramiko.SSHClient:
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(host, port=port, username=user, timeout=15, allow_agent=True)
    return client


def run(client: paramiko.SSHClient, command: str) -> str:
    _stdin, stdout, stderr = client.exec_command(command, timeout=60)
    status = stdout.channel.recv_exit_status()
    if status != 0:
        raise RuntimeError(f"{command!r} exited {status}: {stderr.read().decode().strip()}")
    return stdout.read().decode()


def disk_usage(client: paramiko.SSHClient) -> str:
    return run(client, f"df -h {REMOTE_LOG_DIR} | tail -n 1").strip()


def fetch_day(client: paramiko.SSHClient, host: str, day: date, dest: Path) -> Path | None:
    name = f"app-{day:%Y-%m-%d}.log"
    archive = f"{name}.gz"
    listing = run(client, f"ls {REMOTE_LOG_DIR}").split()
    if name not in listing and archive not in listing:
        log.info("%s: no log for %s", host, day)
        return None
    if archive not in listing:
        run(client, f"gzip -k {REMOTE_LOG_DIR}/{name}")
    target_dir = dest / host
    target_dir.mkdir(parents=True, exist_ok=True)
    local = target_dir / archive

    def progress(filename, size, sent):
        if size and sent == size:
            log.info("%s: %s done (%d bytes)", host, filename.decode(), size)

    with SCPClient(client.get_transport(), progress=progress) as scp:
        scp.get(f"{REMOTE_LOG_DIR}/{archive}", str(local))
    return local


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--user", default="deploy")
    parser.add_argument("--days", type=int, default=1, help="how many past days to pull")
    parser.add_argument("--dest", type=Path, default=Path("collected-logs"))
    parser.add_argument("hosts", nargs="*", default=DEFAULT_HOSTS)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    for host in args.hosts:
        try:
            client = connect(host, args.user)
        except (paramiko.SSHException, OSError) as exc:
            log.error("%s: cannot connect: %s", host, exc)
            continue
        try:
            log.info("%s: %s", host, disk_usage(client))
            for offset in range(1, args.days + 1):
                try:
                    fetch_day(client, host, date.today() - timedelta(days=offset), args.dest)
                except (RuntimeError, SCPException) as exc:
                    log.warning("%s: %s", host, exc)
        finally:
            client.close()


if __name__ == "__main__":
    main()
