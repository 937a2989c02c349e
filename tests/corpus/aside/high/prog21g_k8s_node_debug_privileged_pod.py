"""kdebug: open a debugging pod on a specific node. The pod runs privileged,
shares the host PID/network namespaces and mounts the node's root filesystem
at /host so that an operator can `kubectl exec` into it and chroot."""
import time
from typing import Optional

import typer
from kubernetes import client, config
from kubernetes.client.rest import ApiException

app = typer.Typer(help="Node debugging pods")

DEFAULT_IMAGE = "busybox:1.36"


def node_debug_pod(node: str, image: str, namespace: str) -> client.V1Pod:
    name = f"node-debug-{node.split('.')[0]}-{int(time.time()) % 100000}"
    container = client.V1Container(
        name="debugger",
        image=image,
        command=["sleep", "3600"],
        stdin=True,
        tty=True,
        security_context=client.V1SecurityContext(
            privileged=True,
            allow_privilege_escalation=True,
            run_as_user=0,
            capabilities=client.V1Capabilities(add=["SYS_ADMIN", "NET_ADMIN", "SYS_PTRACE"]),
        ),
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
                               labels={"app.kubernetes.io/managed-by": "kdebug"})
    return client.V1Pod(metadata=meta, spec=spec)


def wait_running(core: client.CoreV1Api, name: str, namespace: str, timeout: int) -> str:
    deadline = time.time() + timeout
    phase = "Unknown"
    while time.time() < deadline:
        phase = core.read_namespaced_pod(name, namespace).status.phase
        if phase in ("Running", "Failed", "Succeeded"):
            break
        time.sleep(2)
    return phase


@app.command()
def start(node: str, image: str = DEFAULT_IMAGE, namespace: str = "kube-system",
          context: Optional[str] = None, timeout: int = 120):
    """Create the privileged debug pod on NODE."""
    config.load_kube_config(context=context)
    core = client.CoreV1Api()
    pod = node_debug_pod(node, image, namespace)
    try:
        core.create_namespaced_pod(namespace, pod)
    except ApiException as exc:
        typer.secho(f"create failed: {exc.reason}", fg=typer.colors.RED)
        raise typer.Exit(1)
    phase = wait_running(core, pod.metadata.name, namespace, timeout)
    typer.echo(f"{pod.metadata.name}: {phase}")
    typer.echo(f"kubectl -n {namespace} exec -it {pod.metadata.name} -- chroot /host")


@app.command()
def cleanup(namespace: str = "kube-system", context: Optional[str] = None):
    """Delete every pod created by kdebug."""
    config.load_kube_config(context=context)
    core = client.CoreV1Api()
    pods = core.list_namespaced_pod(namespace, label_selector="app.kubernetes.io/managed-by=kdebug")
    for pod in pods.items:
        core.delete_namespaced_pod(pod.metadata.name, namespace, grace_period_seconds=0)
        typer.echo(f"deleted {pod.metadata.name}")


if __name__ == "__main__":
    app()
