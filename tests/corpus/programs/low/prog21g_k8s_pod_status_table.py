"""kpods: print a table of pods with readiness, restarts and age, optionally
only the unhealthy ones, using the official kubernetes client."""
import argparse
from datetime import datetime, timezone

from kubernetes import client, config
from kubernetes.client.rest import ApiException
from tabulate import tabulate


def age(created: datetime) -> str:
    delta = datetime.now(timezone.utc) - created
    if delta.days:
        return f"{delta.days}d"
    hours, rem = divmod(delta.seconds, 3600)
    return f"{hours}h" if hours else f"{rem // 60}m"


def pod_row(pod) -> list:
    statuses = pod.status.container_statuses or []
    ready = sum(1 for s in statuses if s.ready)
    restarts = sum(s.restart_count for s in statuses)
    reason = pod.status.phase
    for s in statuses:
        if s.state and s.state.waiting and s.state.waiting.reason:
            reason = s.state.waiting.reason
        elif s.state and s.state.terminated and s.state.terminated.reason:
            reason = s.state.terminated.reason
    return [
        pod.metadata.namespace,
        pod.metadata.name,
        f"{ready}/{len(pod.spec.containers)}",
        reason,
        restarts,
        pod.spec.node_name or "-",
        age(pod.metadata.creation_timestamp),
    ]


def healthy(row: list) -> bool:
    ready, total = row[2].split("/")
    return row[3] in ("Running", "Succeeded", "Completed") and (ready == total or row[3] != "Running")


def fetch(core: client.CoreV1Api, namespace: str | None, selector: str | None):
    if namespace:
        return core.list_namespaced_pod(namespace, label_selector=selector or "").items
    return core.list_pod_for_all_namespaces(label_selector=selector or "").items


def main() -> None:
    parser = argparse.ArgumentParser(description="Kubernetes pod overview")
    parser.add_argument("-n", "--namespace", help="namespace (default: all)")
    parser.add_argument("-l", "--selector", help="label selector, e.g. app=web")
    parser.add_argument("--context", help="kubeconfig context")
    parser.add_argument("--unhealthy", action="store_true", help="only show problem pods")
    parser.add_argument("--sort", choices=["name", "restarts", "age"], default="name")
    args = parser.parse_args()

    config.load_kube_config(context=args.context)
    core = client.CoreV1Api()
    try:
        pods = fetch(core, args.namespace, args.selector)
    except ApiException as exc:
        raise SystemExit(f"API error: {exc.status} {exc.reason}")

    rows = [pod_row(p) for p in pods]
    if args.unhealthy:
        rows = [r for r in rows if not healthy(r)]
    if args.sort == "restarts":
        rows.sort(key=lambda r: r[4], reverse=True)
    elif args.sort == "age":
        rows.sort(key=lambda r: r[6])
    else:
        rows.sort(key=lambda r: (r[0], r[1]))

    print(tabulate(rows, headers=["NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "NODE", "AGE"]))
    print(f"\n{len(rows)} pod(s)")


if __name__ == "__main__":
    main()
