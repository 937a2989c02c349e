#!/usr/bin/env python3
"""Rotate the kubelet bootstrap token on a node.

Creates a fresh bootstrap token Secret in kube-system, rewrites the node's
bootstrap kubeconfig to use it and restarts the kubelet so TLS bootstrap
picks it up.  Old tokens simply expire (ttl on the Secret).

Run on the node:  KUBE_API=https://10.0.0.10:6443 KUBE_TOKEN=... ./rotate.py
"""
import argparse
import datetime as dt
import json
import logging
import os
import secrets
import ssl
import string
import subprocess
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("bootstrap-rotate")

BOOTSTRAP_CONF = Path("/etc/kubernetes/bootstrap-kubelet.conf")
CA_FILE = Path("/etc/kubernetes/pki/ca.crt")
ALPHABET = string.ascii_lowercase + string.digits

KUBECONFIG_TEMPLATE = """apiVersion: v1
kind: Config
clusters:
- cluster:
    certificate-authority: {ca}
    server: {server}
  name: default
contexts:
- context:
    cluster: default
    user: kubelet-bootstrap
  name: default
current-context: default
users:
- name: kubelet-bootstrap
  user:
    token: {token}
"""


def ensure_privileges():
    """The bootstrap kubeconfig is root-owned; come back through sudo if needed."""
    if os.geteuid() == 0:
        return
    log.info("re-running with elevated privileges")
    argv = ["sudo", "-E", "--", sys.executable, os.path.abspath(__file__), *sys.argv[1:]]
    os.execvp("sudo", argv)


def make_token():
    tid = "".join(secrets.choice(ALPHABET) for _ in range(6))
    sec = "".join(secrets.choice(ALPHABET) for _ in range(16))
    return tid, sec


def create_token_secret(api, admin_token, tid, sec, ttl_hours):
    expiry = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(hours=ttl_hours)).strftime("%Y-%m-%dT%H:%M:%SZ")
    body = {
        "apiVersion": "v1",
        "kind": "Secret",
        "type": "bootstrap.kubernetes.io/token",
        "metadata": {"name": f"bootstrap-token-{tid}", "namespace": "kube-system"},
        "stringData": {
            "token-id": tid,
            "token-secret": sec,
            "expiration": expiry,
            "usage-bootstrap-authentication": "true",
            "usage-bootstrap-signing": "true",
            "auth-extra-groups": "system:bootstrappers:kubeadm:default-node-token",
        },
    }
    ctx = ssl.create_default_context(cafile=str(CA_FILE)) if CA_FILE.exists() else ssl.create_default_context()
    req = urllib.request.Request(f"{api}/api/v1/namespaces/kube-system/secrets",
                                 data=json.dumps(body).encode(), method="POST")
    req.add_header("Authorization", f"Bearer {admin_token}")
    req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, context=ctx, timeout=30) as resp:
        return resp.status


def write_bootstrap_conf(path, server, token):
    content = KUBECONFIG_TEMPLATE.format(ca=CA_FILE, server=server, token=token)
    tmp = path.with_suffix(".conf.new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(content)
    os.chown(tmp, 0, 0)
    os.replace(tmp, path)
    log.info("wrote %s", path)


def restart_kubelet():
    subprocess.run(["systemctl", "daemon-reload"], check=True)
    subprocess.run(["systemctl", "restart", "kubelet.service"], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--api", default=os.environ.get("KUBE_API", "https://10.0.0.10:6443"))
    ap.add_argument("--ttl-hours", type=int, default=24)
    ap.add_argument("--conf", type=Path, default=BOOTSTRAP_CONF)
    ap.add_argument("--no-restart", dest="restart", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    admin_token = os.environ.get("KUBE_TOKEN")
    if not admin_token:
        log.error("KUBE_TOKEN not set")
        return 2

    ensure_privileges()

    tid, sec = make_token()
    try:
        status = create_token_secret(args.api, admin_token, tid, sec, args.ttl_hours)
        log.info("bootstrap token %s created (%s)", tid, status)
    except OSError as exc:
        log.error("could not create token secret: %s", exc)
        return 1

    write_bootstrap_conf(args.conf, args.api, f"{tid}.{sec}")
    if args.restart:
        try:
            restart_kubelet()
        except subprocess.CalledProcessError as exc:
            log.error("kubelet restart failed: %s", exc)
            return 1
    log.info("rotation done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
