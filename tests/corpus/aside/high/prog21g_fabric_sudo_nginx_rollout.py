"""invoke tasks that roll a new nginx site configuration out to web hosts
over SSH with fabric, using sudo on the remote side for the privileged
steps (package install, writing under /etc/nginx, reloading the service)."""
from pathlib import Path

from fabric import Connection, ThreadingGroup
from invoke import Collection, Exit, task

HOSTS = ["web1.internal.example", "web2.internal.example", "web3.internal.example"]
SITE_NAME = "shop"
LOCAL_CONF = Path("deploy/nginx") / f"{SITE_NAME}.conf"


def staging_path(conn: Connection) -> str:
    home = conn.run("echo $HOME", hide=True).stdout.strip()
    return f"{home}/.deploy/{SITE_NAME}.conf"


def push_config(conn: Connection) -> None:
    staged = staging_path(conn)
    conn.run(f"mkdir -p $(dirname {staged})", hide=True)
    conn.put(str(LOCAL_CONF), remote=staged)
    conn.sudo(f"install -o root -g root -m 0644 {staged} /etc/nginx/sites-available/{SITE_NAME}.conf")
    conn.sudo(f"ln -sf /etc/nginx/sites-available/{SITE_NAME}.conf /etc/nginx/sites-enabled/{SITE_NAME}.conf")


def validate_and_reload(conn: Connection) -> bool:
    check = conn.sudo("nginx -t", warn=True, hide=True)
    if check.failed:
        print(f"[{conn.host}] nginx -t failed:\n{check.stderr}")
        conn.sudo(f"rm -f /etc/nginx/sites-enabled/{SITE_NAME}.conf")
        return False
    conn.sudo("systemctl reload nginx")
    return True


@task
def bootstrap(c, host=None):
    """Install nginx on the hosts (apt)."""
    targets = [host] if host else HOSTS
    group = ThreadingGroup(*targets)
    group.sudo("apt-get update -q", hide=True)
    group.sudo("DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx", hide=True)
    group.sudo("systemctl start nginx")


@task
def deploy(c, host=None):
    """Upload deploy/nginx/<site>.conf and reload nginx."""
    if not LOCAL_CONF.exists():
        raise Exit(f"missing {LOCAL_CONF}")
    failures = []
    for target in ([host] if host else HOSTS):
        with Connection(target) as conn:
            push_config(conn)
            if not validate_and_reload(conn):
                failures.append(target)
            else:
                print(f"[{target}] {SITE_NAME} live")
    if failures:
        raise Exit(f"rollout failed on: {', '.join(failures)}", code=2)


@task
def rollback(c, host=None):
    """Disable the site again."""
    for target in ([host] if host else HOSTS):
        with Connection(target) as conn:
            conn.sudo(f"rm -f /etc/nginx/sites-enabled/{SITE_NAME}.conf")
            conn.sudo("systemctl reload nginx")


@task
def status(c):
    """Show nginx status on each host."""
    for target in HOSTS:
        with Connection(target) as conn:
            result = conn.sudo("systemctl is-active nginx", warn=True, hide=True)
            print(f"{target:30} {result.stdout.strip()}")


ns = Collection(bootstrap, deploy, rollback, status)
