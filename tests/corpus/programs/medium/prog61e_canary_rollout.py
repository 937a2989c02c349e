#!/usr/bin/env python3
"""Progressive image rollout for a Kubernetes deployment via kubectl.

Sets the new image, waits for the rollout, checks pod restarts and
rolls back automatically if the canary looks unhealthy.
"""
import argparse
import json
import logging
import shlex
import subprocess
import sys
import time

log = logging.getLogger("canary")


class KubectlError(RuntimeError):
    pass


class Kubectl:
    def __init__(self, context=None, namespace="default", binary="kubectl"):
        self.base = [binary]
        if context:
            self.base += ["--context", context]
        self.base += ["--namespace", namespace]

    def run(self, *args, capture=True, timeout=300):
        cmd = self.base + list(args)
        log.debug("exec: %s", " ".join(shlex.quote(c) for c in cmd))
        proc = subprocess.run(cmd, capture_output=capture, text=True, timeout=timeout)
        if proc.returncode != 0:
            raise KubectlError(proc.stderr.strip() or f"exit {proc.returncode}")
        return proc.stdout

    def json(self, *args):
        return json.loads(self.run(*args, "-o", "json"))


def restart_count(kc, selector):
    pods = kc.json("get", "pods", "-l", selector)
    total = 0
    for pod in pods.get("items", []):
        for cs in pod.get("status", {}).get("containerStatuses", []):
            total += cs.get("restartCount", 0)
    return total


def rollout(kc, deployment, container, image, settle, max_restarts):
    dep = kc.json("get", "deployment", deployment)
    labels = dep["spec"]["selector"]["matchLabels"]
    selector = ",".join(f"{k}={v}" for k, v in labels.items())
    before = restart_count(kc, selector)

    kc.run("set", "image", f"deployment/{deployment}", f"{container}={image}")
    kc.run("annotate", f"deployment/{deployment}", "--overwrite",
           f"kubernetes.io/change-cause=canary {image}")
    try:
        kc.run("rollout", "status", f"deployment/{deployment}", "--timeout=240s",
               timeout=260)
    except (KubectlError, subprocess.TimeoutExpired) as exc:
        log.error("rollout did not converge: %s", exc)
        return False

    log.info("rollout converged, watching for %ss", settle)
    time.sleep(settle)
    delta = restart_count(kc, selector) - before
    if delta > max_restarts:
        log.error("%d new container restarts (limit %d)", delta, max_restarts)
        return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("deployment")
    ap.add_argument("image")
    ap.add_argument("--container", default="app")
    ap.add_argument("--namespace", "-n", default="default")
    ap.add_argument("--context")
    ap.add_argument("--settle", type=int, default=60)
    ap.add_argument("--max-restarts", type=int, default=0)
    ap.add_argument("--no-rollback", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    kc = Kubectl(args.context, args.namespace)
    try:
        healthy = rollout(kc, args.deployment, args.container, args.image,
                          args.settle, args.max_restarts)
    except KubectlError as exc:
        log.error("kubectl failed: %s", exc)
        return 2
    if healthy:
        log.info("%s is now running %s", args.deployment, args.image)
        return 0
    if not args.no_rollback:
        log.warning("rolling back %s", args.deployment)
        kc.run("rollout", "undo", f"deployment/{args.deployment}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
