#!/usr/bin/env python3
"""kubectl-nodeshell: open a root shell on a cluster node for debugging.

Install as ``kubectl-nodeshell`` on PATH and run ``kubectl nodeshell NODE``.
Schedules a short-lived pod pinned to the node that shares the host PID,
network and IPC namespaces, runs privileged and enters PID 1's mount
namespace with nsenter, then attaches your terminal to it.  The pod is
deleted when the shell exits.
"""
import argparse
import logging
import os
import secrets
import sys
import time

from kubernetes import client, config
from kubernetes.client.rest import ApiException

log = logging.getLogger("kubectl-nodeshell")

DEFAULT_IMAGE = "docker.io/library/alpine:3.19"


def build_pod(name, node, namespace, image):
    container = client.V1Container(
        name="shell",
        image=image,
        command=["nsenter", "--target", "1", "--mount", "--uts", "--ipc", "--net", "--pid",
                 "--", "sh", "-c", "sleep 3600"],
        stdin=True,
        tty=True,
        security_context=client.V1SecurityContext(privileged=True, run_as_user=0),
        volume_mounts=[client.V1VolumeMount(name="host-root", mount_path="/host")],
        resources=client.V1ResourceRequirements(limits={"cpu": "500m", "memory": "256Mi"}),
    )
    spec = client.V1PodSpec(
        node_name=node,
        host_pid=True,
        host_network=True,
        host_ipc=True,
        restart_policy="Never",
        termination_grace_period_seconds=0,
        tolerations=[client.V1Toleration(operator="Exists")],
        containers=[container],
        volumes=[client.V1Volume(name="host-root",
                                 host_path=client.V1HostPathVolumeSource(path="/"))],
    )
    meta = client.V1ObjectMeta(
        name=name, namespace=namespace,
        labels={"app.kubernetes.io/name": "nodeshell", "nodeshell/node": node},
        annotations={"nodeshell/requested-by": os.environ.get("USER", "unknown")},
    )
    return client.V1Pod(metadata=meta, spec=spec)


def wait_running(core, name, namespace, timeout=90):
    deadline = time.time() + timeout
    while time.time() < deadline:
        pod = core.read_namespaced_pod(name, namespace)
        phase = pod.status.phase
        if phase == "Running":
            return True
        if phase in ("Failed", "Succeeded"):
            log.error("pod ended in phase %s", phase)
            return False
        time.sleep(1)
    log.error("timed out waiting for pod %s", name)
    return False


def attach(name, namespace, context, command):
    argv = ["kubectl"]
    if context:
        argv += ["--context", context]
    argv += ["-n", namespace, "exec", "-it", name, "--", "nsenter", "-t", "1", "-m", "-u",
             "-i", "-n", "-p", "--"] + command
    pid = os.fork()
    if pid == 0:
        os.execvp(argv[0], argv)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="kubectl nodeshell", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("node")
    ap.add_argument("-n", "--namespace", default="kube-system")
    ap.add_argument("--context")
    ap.add_argument("--image", default=os.environ.get("NODESHELL_IMAGE", DEFAULT_IMAGE))
    ap.add_argument("--keep", action="store_true", help="do not delete the pod afterwards")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="command (default: login shell)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="nodeshell: %(message)s")

    config.load_kube_config(context=args.context)
    core = client.CoreV1Api()
    try:
        core.read_node(args.node)
    except ApiException as exc:
        log.error("node %s: %s", args.node, exc.reason)
        return 1

    name = f"nodeshell-{args.node[:40]}-{secrets.token_hex(3)}".lower()
    pod = build_pod(name, args.node, args.namespace, args.image)
    core.create_namespaced_pod(args.namespace, pod)
    log.info("created %s/%s on %s", args.namespace, name, args.node)

    rc = 1
    try:
        if wait_running(core, name, args.namespace):
            command = [c for c in args.command if c != "--"] or ["sh", "-l"]
            rc = attach(name, args.namespace, args.context, command)
    finally:
        if not args.keep:
            core.delete_namespaced_pod(name, args.namespace, grace_period_seconds=0)
            log.info("deleted %s", name)
    return rc


if __name__ == "__main__":
    sys.exit(main())
