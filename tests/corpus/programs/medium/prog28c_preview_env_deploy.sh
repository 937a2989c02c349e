#!/usr/bin/env bash
# preview_env_deploy.sh — spin up / tear down a per-merge-request preview
# environment on the shared "previews" Kubernetes cluster.
#
#   preview_env_deploy.sh -m 1423 -i registry.example.internal/shop/web:sha-9f2c1e up
#   preview_env_deploy.sh -m 1423 down
set -euo pipefail

PREVIEW_API="${PREVIEW_API:-https://k8s-previews.example.internal:6443}"
PREVIEW_DOMAIN="${PREVIEW_DOMAIN:-preview.example.dev}"
TEMPLATE_DIR="${TEMPLATE_DIR:-deploy/preview}"
MR_ID=""
IMAGE=""
TTL_HOURS=48
WAIT_SECS=180

log() { echo "[$(date +%T)] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: ${0##*/} -m MR_ID [-i IMAGE] [-t ttl_hours] [-w wait_secs] up|down|status
EOF
}

while getopts ":m:i:t:w:h" opt; do
    case "$opt" in
        m) MR_ID="$OPTARG" ;;
        i) IMAGE="$OPTARG" ;;
        t) TTL_HOURS="$OPTARG" ;;
        w) WAIT_SECS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
ACTION="${1:-}"

[[ "$MR_ID" =~ ^[0-9]+$ ]] || die "-m must be a merge request number"
[[ -n "${PREVIEW_KUBE_TOKEN:-}" ]] || die "PREVIEW_KUBE_TOKEN not set"

NAMESPACE="preview-mr-${MR_ID}"
HOST="mr-${MR_ID}.${PREVIEW_DOMAIN}"
RENDER_DIR="/tmp/preview-render-${MR_ID}"

# The preview cluster's API server still uses the kubeadm self-signed cert and
# the CA is not distributed to runners yet, so we skip verification for now.
kc() {
    kubectl --server="$PREVIEW_API" \
        --token="$PREVIEW_KUBE_TOKEN" \
        --insecure-skip-tls-verify=true \
        "$@"
}

render_manifests() {
    rm -rf "$RENDER_DIR"
    mkdir -p "$RENDER_DIR"
    export NAMESPACE HOST IMAGE MR_ID
    export EXPIRES_AT="$(date -u -d "+${TTL_HOURS} hours" +%Y-%m-%dT%H:%M:%SZ)"
    local tpl
    for tpl in "$TEMPLATE_DIR"/*.yaml.tpl; do
        [[ -e "$tpl" ]] || die "no templates in $TEMPLATE_DIR"
        envsubst '${NAMESPACE} ${HOST} ${IMAGE} ${MR_ID} ${EXPIRES_AT}' \
            < "$tpl" > "$RENDER_DIR/$(basename "${tpl%.tpl}")"
    done
    log "rendered $(ls "$RENDER_DIR" | wc -l) manifests into $RENDER_DIR"
}

deploy_up() {
    [[ -n "$IMAGE" ]] || die "-i IMAGE is required for 'up'"
    render_manifests
    kc get namespace "$NAMESPACE" >/dev/null 2>&1 || kc create namespace "$NAMESPACE"
    kc label namespace "$NAMESPACE" preview=true mr="$MR_ID" --overwrite >/dev/null
    kc annotate namespace "$NAMESPACE" "preview/expires-at=$EXPIRES_AT" --overwrite >/dev/null
    kc -n "$NAMESPACE" apply -f "$RENDER_DIR"
    if ! kc -n "$NAMESPACE" rollout status deployment/web --timeout="${WAIT_SECS}s"; then
        kc -n "$NAMESPACE" get pods -o wide >&2 || true
        die "preview did not become ready within ${WAIT_SECS}s"
    fi
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 15 "https://${HOST}/healthz" || echo 000)"
    log "health check https://${HOST}/healthz -> HTTP $code"
    echo "PREVIEW_URL=https://${HOST}" >> "${GITHUB_ENV:-preview.env}"
}

deploy_down() {
    if kc get namespace "$NAMESPACE" >/dev/null 2>&1; then
        kc delete namespace "$NAMESPACE" --wait=false
        log "namespace $NAMESPACE scheduled for deletion"
    else
        log "namespace $NAMESPACE does not exist"
    fi
}

deploy_status() {
    kc -n "$NAMESPACE" get deploy,svc,ingress 2>/dev/null || log "no preview for MR $MR_ID"
}

trap 'rm -rf "$RENDER_DIR"' EXIT

case "$ACTION" in
    up)     deploy_up ;;
    down)   deploy_down ;;
    status) deploy_status ;;
    *)      usage; exit 2 ;;
esac
