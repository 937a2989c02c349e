#!/usr/bin/env bash
# deploy/helmw - thin wrapper around `helm upgrade --install` used by the
# team's deploy jobs. Per-environment settings live in deploy/envs/<env>.conf
# (sourced), extra --set pairs can be given on the command line.
#
#   helmw -e staging -r api -c ./charts/api [-s image.tag=abc123] [-n] [-x "--atomic"]

set -euo pipefail

ENV_DIR=${ENV_DIR:-deploy/envs}
HELM_BIN=${HELM_BIN:-helm}
ENVIRONMENT=""
RELEASE=""
CHART=""
DRY=0
EXTRA_FLAGS=""
SETS=()

log()  { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31mxx\033[0m %s\n' "$*" >&2; exit 1; }

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":e:r:c:s:x:nh" opt; do
    case $opt in
        e) ENVIRONMENT=$OPTARG ;;
        r) RELEASE=$OPTARG ;;
        c) CHART=$OPTARG ;;
        s) SETS+=("$OPTARG") ;;
        x) EXTRA_FLAGS=$OPTARG ;;
        n) DRY=1 ;;
        h) usage 0 ;;
        \?) fail "unknown option -$OPTARG" ;;
        :) fail "-$OPTARG needs a value" ;;
    esac
done

[[ -n $ENVIRONMENT && -n $RELEASE && -n $CHART ]] || usage 64

conf="${ENV_DIR}/${ENVIRONMENT}.conf"
[[ -f $conf ]] || fail "no settings for environment '${ENVIRONMENT}' (${conf})"
# provides KUBE_CONTEXT, NAMESPACE, VALUES_FILES, TIMEOUT, HELM_FLAGS
# shellcheck source=/dev/null
source "$conf"

: "${KUBE_CONTEXT:?}" "${NAMESPACE:?}"
TIMEOUT=${TIMEOUT:-5m}

RENDERED=$(mktemp /tmp/helmw-values.XXXXXX.yaml)
trap 'rm -f "$RENDERED"' EXIT

# stamp deploy metadata into an extra values file
cat > "$RENDERED" <<EOF
deployMeta:
  environment: ${ENVIRONMENT}
  gitSha: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  deployedBy: ${USER:-ci}
  deployedAt: $(date -u +%Y-%m-%dT%H:%M:%SZ)
EOF

build_command() {
    local cmd="${HELM_BIN} upgrade --install ${RELEASE} ${CHART}"
    cmd+=" --kube-context ${KUBE_CONTEXT} --namespace ${NAMESPACE} --create-namespace"
    cmd+=" --timeout ${TIMEOUT} --wait"

    local vf
    for vf in ${VALUES_FILES:-}; do
        [[ -f $vf ]] || fail "values file ${vf} missing"
        cmd+=" -f ${vf}"
    done
    cmd+=" -f ${RENDERED}"

    local kv
    for kv in "${SETS[@]}"; do
        cmd+=" --set ${kv}"
    done

    [[ -n ${HELM_FLAGS:-} ]] && cmd+=" ${HELM_FLAGS}"
    [[ -n $EXTRA_FLAGS ]] && cmd+=" ${EXTRA_FLAGS}"
    (( DRY )) && cmd+=" --dry-run --debug"
    printf '%s' "$cmd"
}

log "dependency update for ${CHART}"
"$HELM_BIN" dependency update "$CHART" >/dev/null

CMD=$(build_command)
log "running: ${CMD}"
start=$(date +%s)
if eval "$CMD"; then
    log "release ${RELEASE} deployed to ${NAMESPACE} in $(( $(date +%s) - start ))s"
else
    rc=$?
    log "helm failed (${rc}); last revisions:"
    "$HELM_BIN" history "$RELEASE" --kube-context "$KUBE_CONTEXT" -n "$NAMESPACE" --max 5 || true
    exit "$rc"
fi

(( DRY )) || "$HELM_BIN" status "$RELEASE" --kube-context "$KUBE_CONTEXT" -n "$NAMESPACE" --show-resources | head -n 40
