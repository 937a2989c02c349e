#!/usr/bin/env python3
"""Launch a one-shot BuildKit build pod in the CI namespace.

The rootful buildkitd image needs a privileged security context to set up
its overlay snapshotter.  The pod builds the image from a git context, pushes
it to the internal registry and is deleted when it finishes.
"""

import argparse
import logging
import sys
import time

from kubernetes import client, config, watch
from kubernetes.client.rest import ApiException

log = logging.getLogger("buildkit-job")

BUILDKIT_IMAGE = "moby/buildkit:v0.13.2"


def build_pod(name, namespace, git_url, ref, dest):
    ctx = f"{git_url}#{ref}"
    container = client.V1Container(
        name="buildkit",
        image=BUILDKIT_IMAGE,
        command=["buildctl-daemonless.sh"],
        args=[
            "build", "--frontend", "dockerfile.v0",
            "--opt", f"context={ctx}",
            "--output", f"type=image,name={dest},push=true",
        ],
        security_context=client.V1SecurityContext(privileged=True),
        resources=client.V1ResourceRequirements(
            requests={"cpu": "1", "memory": "2Gi"},
            limits={"cpu": "4", "memory": "8Gi"}),
        volume_mounts=[
            client.V1VolumeMount(name="buildkitd", mount_path="/var/lib/buildkit"),
            client.V1VolumeMount(name="docker-config", mount_path="/root/.docker", read_only=True),
        ],
    )
    spec = client.V1PodSpec(
        restart_policy="Never",
        containers=[container],
        volumes=[
            client.V1Volume(name="buildkitd", empty_dir=client.V1EmptyDirVolumeSource()),
            client.V1Volume(name="docker-config", secret=client.V1SecretVolumeSource(
                secret_name="registry-push-creds",
                items=[client.V1KeyToPath(key=".dockerconfigjson", path="config.json")])),
        ],
        node_selector={"workload": "ci-build"},
        tolerations=[client.V1Toleration(key="ci-build", operator="Exists", effect="NoSchedule")],
    )
    meta = client.V1ObjectMeta(name=name, namespace=namespace,
                               labels={"app": "buildkit", "ci/ref": ref[:63]})
    return client.V1Pod(metadata=meta, spec=spec)


def wait_for_completion(core, name, namespace, timeout):
    w = watch.Watch()
    phase = "Unknown"
    for event in w.stream(core.list_namespaced_pod, namespace=namespace,
                          field_selector=f"metadata.name={name}", timeout_seconds=timeout):
        phase = event["object"].status.phase
        log.info("pod %s phase=%s", name, phase)
        if phase in ("Succeeded", "Failed"):
            w.stop()
            break
    return phase


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--namespace", default="ci")
    ap.add_argument("--git-url", required=True)
    ap.add_argument("--ref", default="main")
    ap.add_argument("--dest", required=True, help="registry/image:tag to push")
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("--keep", action="store_true", help="do not delete the pod afterwards")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    config.load_kube_config()
    core = client.CoreV1Api()
    name = f"buildkit-{int(time.time())}"
    pod = build_pod(name, args.namespace, args.git_url, args.ref, args.dest)
    try:
        core.create_namespaced_pod(args.namespace, pod)
    except ApiException as exc:
        log.error("could not create pod: %s %s", exc.status, exc.reason)
        return 1

    phase = wait_for_completion(core, name, args.namespace, args.timeout)
    try:
        print(core.read_namespaced_pod_log(name, args.namespace, tail_lines=200))
    except ApiException:
        log.warning("logs unavailable")
    if not args.keep:
        core.delete_namespaced_pod(name, args.namespace, grace_period_seconds=0)
    return 0 if phase == "Succeeded" else 1


if __name__ == "__main__":
    sys.exit(main())
