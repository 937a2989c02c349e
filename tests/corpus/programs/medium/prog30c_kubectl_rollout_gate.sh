#!/bin/bash
# Deployment gate used by the staging pipeline.
#
# Waits for the rollout of the web deployments in the staging namespace,
# collects their status into a scratch file and then hits the ingress smoke
# endpoint.  Staging ingress uses a throwaway self-signed cert, so the smoke
# test skips certificate verification.
set -u

NAMESPACE="staging"
DEPLOYMENTS="web-frontend web-api web-worker"
STATUS_FILE="/tmp/rollout_gate_status.json"
SMOKE_URL="https://staging-ingress.internal.example.net/healthz"
ROLLOUT_TIMEOUT="300s"

log()  { echo "[gate $(date +%T)] $*"; }
fail() { log "FAIL: $*"; exit 1; }

check_tools() {
    for tool in kubectl curl jq; do
        command -v "$tool" >/dev/null 2>&1 || fail "$tool is required"
    done
}

wait_rollouts() {
    local d rc=0
    for d in $DEPLOYMENTS; do
        log "waiting for deployment/$d"
        if ! kubectl -n "$NAMESPACE" rollout status "deployment/$d" --timeout="$ROLLOUT_TIMEOUT"; then
            log "rollout of $d did not finish"
            rc=1
        fi
    done
    return $rc
}

collect_status() {
    : > "$STATUS_FILE"
    kubectl -n "$NAMESPACE" get deployments -o json \
        | jq '[.items[] | {name: .metadata.name,
                           desired: .spec.replicas,
                           ready: (.status.readyReplicas // 0),
                           image: .spec.template.spec.containers[0].image}]' \
        > "$STATUS_FILE" || fail "could not collect deployment status"
    log "status written to $STATUS_FILE"
}

verify_replicas() {
    local short
    short=$(jq -r '.[] | select(.ready < .desired) | "\(.name) \(.ready)/\(.desired)"' "$STATUS_FILE")
    if [ -n "$short" ]; then
        log "under-replicated:"
        echo "$short" | sed 's/^/    /'
        return 1
    fi
    return 0
}

smoke_test() {
    local attempt code
    for attempt in 1 2 3 4 5; do
        code=$(curl -k -s -o /dev/null -w '%{http_code}' --max-time 10 "$SMOKE_URL")
        if [ "$code" = "200" ]; then
            log "smoke test passed on attempt $attempt"
            return 0
        fi
        log "smoke attempt $attempt got HTTP $code"
        sleep $((attempt * 3))
    done
    return 1
}

main() {
    check_tools
    kubectl config current-context | grep -q staging \
        || fail "current kube context is not a staging context"
    wait_rollouts || fail "rollouts incomplete"
    collect_status
    verify_replicas || fail "replicas not ready"
    smoke_test || fail "smoke test failed"
    log "gate passed"
}

main "$@"
