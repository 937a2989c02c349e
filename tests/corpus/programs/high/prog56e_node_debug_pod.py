#!/usr/bin/env python3
"""Schedule a node-debug pod on a specific Kubernetes node.

For SREs chasing kubelet/containerd issues: the pod runs privileged in the
host PID and network namespaces with the node's root filesystem mounted at
/host, so `chroot /host` gives a shell on the node. Uses the official
kubernetes Python client and the caller's kubeconfig.
"""
import argparse
import logging
import sys
import time

from kubernetes import client, config
from kubernetes.client.rest import ApiException

log = logging.getLogger("node-debug")

DEFAULT_IMAGE = "nicolaka/netshoot:v0.13"


def build_pod(node, image, namespace, ttl):
    name = f"node-debug-{node.split('.')[0]}"[:63]
    container = client.V1Container(
        name="debug",
        image=image,
        command=["sleep", str(ttl)],
        stdin=True,
        tty=True,
        security_context=client.V1SecurityContext(privileged=True),
        volume_mounts=[client.V1VolumeMount(name="host-root", mount_path="/host")],
    )
    spec = client.V1PodSpec(
        node_name=node,
        host_pid=True,
        host_network=True,
        host_ipc=True,
        restart_policy="Never",
        tolerations=[client.V1Toleration(operator="Exists")],
        containers=[container],
        volumes=[client.V1Volume(
            name="host-root",
            host_path=client.V1HostPathVolumeSource(path="/", type="Directory"),
        )],
    )
    meta = client.V1ObjectMeta(name=name, namespace=namespace,
                               labels={"app.kubernetes.io/name": "node-debug"})
    return client.V1Pod(metadata=meta, spec=spec)


def wait_running(api, name, namespace, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        pod = api.read_namespaced_pod(name, namespace)
        phase = pod.status.phase
        log.debug("pod %s phase=%s", name, phase)
        if phase == "Running":
            return True
        if phase in ("Failed", "Succeeded"):
            return False
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("node")
    ap.add_argument("--namespace", default="kube-system")
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--ttl", type=int, default=3600, help="seconds before the pod exits")
    ap.add_argument("--context")
    ap.add_argument("--replace", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    config.load_kube_config(context=args.context)
    api = client.CoreV1Api()
    pod = build_pod(args.node, args.image, args.namespace, args.ttl)
    name = pod.metadata.name

    try:
        if args.replace:
            try:
                api.delete_namespaced_pod(name, args.namespace, grace_period_seconds=0)
                time.sleep(3)
            except ApiException as exc:
                if exc.status != 404:
                    raise
        api.create_namespaced_pod(args.namespace, pod)
    except ApiException as exc:
        log.error("could not create pod: %s %s", exc.status, exc.reason)
        return 1

    if not wait_running(api, name, args.namespace, timeout=120):
        log.error("pod %s did not reach Running", name)
        return 1
    log.info("ready. attach with:\n  kubectl -n %s exec -it %s -- chroot /host bash",
             args.namespace, name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
