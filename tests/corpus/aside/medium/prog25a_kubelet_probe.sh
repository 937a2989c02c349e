#!/usr/bin/env bash
# Probe kubelet and node-exporter health endpoints on every cluster node.
#
# Node addresses come from `kubectl get nodes`.  The kubelets in the lab
# cluster use self-signed serving certificates, so the probe does not
# verify TLS.  Results are written as JSON lines to a scratch file and a
# short table is printed.
#
# Usage: kubelet_probe.sh [-c CONTEXT] [-l LABEL_SELECTOR] [-t TIMEOUT]

set -uo pipefail

CONTEXT=""
SELECTOR=""
TIMEOUT=5
RESULTS="/tmp/kubelet-probe.jsonl"
KUBELET_PORT=10250
EXPORTER_PORT=9100

log() { printf '[probe] %s\n' "$*" >&2; }

while getopts ":c:l:t:h" opt; do
    case "$opt" in
        c) CONTEXT="$OPTARG" ;;
        l) SELECTOR="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

command -v kubectl >/dev/null || { log "kubectl not found"; exit 2; }
command -v curl >/dev/null || { log "curl not found"; exit 2; }

kctl() {
    if [[ -n "$CONTEXT" ]]; then
        kubectl --context "$CONTEXT" "$@"
    else
        kubectl "$@"
    fi
}

list_nodes() {
    local args=(get nodes -o
        'jsonpath={range .items[*]}{.metadata.name}{" "}{.status.addresses[?(@.type=="InternalIP")].address}{"\n"}{end}')
    [[ -n "$SELECTOR" ]] && args+=(-l "$SELECTOR")
    kctl "${args[@]}"
}

probe() {
    # $1 = url; prints "<http_code> <seconds>"
    curl --insecure --silent --output /dev/null \
         --max-time "$TIMEOUT" \
         --write-out '%{http_code} %{time_total}' \
         "$1" || printf '000 %s' "$TIMEOUT"
}

record() {
    local node="$1" endpoint="$2" code="$3" secs="$4"
    printf '{"node":"%s","endpoint":"%s","code":%d,"seconds":%s,"ts":"%s"}\n' \
        "$node" "$endpoint" "$((10#$code))" "$secs" "$(date -u +%FT%TZ)" >> "$RESULTS"
}

main() {
    local nodes total=0 bad=0
    nodes="$(list_nodes)" || { log "could not list nodes"; exit 1; }
    [[ -z "$nodes" ]] && { log "no nodes matched"; exit 1; }

    : > "$RESULTS"
    printf '%-28s %-16s %-10s %-10s\n' NODE ADDRESS KUBELET EXPORTER
    while read -r name addr; do
        [[ -z "$name" || -z "$addr" ]] && continue
        total=$((total + 1))
        read -r k_code k_secs <<<"$(probe "https://$addr:$KUBELET_PORT/healthz")"
        read -r e_code e_secs <<<"$(probe "https://$addr:$EXPORTER_PORT/metrics")"
        record "$name" kubelet "$k_code" "$k_secs"
        record "$name" exporter "$e_code" "$e_secs"
        # kubelet answers 401 without credentials, which still proves it is up
        case "$k_code" in
            200|401|403) k_state="up" ;;
            *) k_state="DOWN($k_code)"; bad=$((bad + 1)) ;;
        esac
        [[ "$e_code" == "200" ]] && e_state="up" || e_state="down($e_code)"
        printf '%-28s %-16s %-10s %-10s\n' "$name" "$addr" "$k_state" "$e_state"
    done <<<"$nodes"

    log "$total node(s) probed, $bad kubelet(s) unhealthy; details in $RESULTS"
    (( bad == 0 ))
}

main "$@"
