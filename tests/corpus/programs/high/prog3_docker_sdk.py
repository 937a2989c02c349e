import sys

import docker


def run_backup(target_dir):
    client = docker.from_env()
    out = client.containers.run(
        "alpine:3.19",
        ["tar", "czf", "/backup/host.tgz", "/host/etc"],
        volumes={"/": {"bind": "/host", "mode": "ro"}, target_dir: {"bind": "/backup", "mode": "rw"}},
        privileged=True,
        remove=True,
    )
    return out


if __name__ == "__main__":
    print(run_backup(sys.argv[1] if len(sys.argv) > 1 else "/srv/backups"))
