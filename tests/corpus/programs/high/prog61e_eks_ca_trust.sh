#!/usr/bin/env bash
# Trust the CA of one or more EKS clusters system-wide, so tools that do
# not read kubeconfig (curl, helm plugins, java clients) can reach the API.
#
#   eks_ca_trust.sh -r us-east-1 prod-blue prod-green
set -euo pipefail

REGION="${AWS_REGION:-us-east-1}"
ANCHOR_DIR="/usr/local/share/ca-certificates/eks"
DRY_RUN=0
WORK="$(pwd)/.eks-ca"

log()  { printf '%s [eks-ca] %s\n' "$(date +%FT%T)" "$*"; }
fail() { log "ERROR: $*"; exit 1; }

while getopts ":r:n" opt; do
    case $opt in
        r) REGION=$OPTARG ;;
        n) DRY_RUN=1 ;;
        *) fail "usage: $0 [-r region] [-n] cluster..." ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] || fail "at least one cluster name required"

SUDO=""
if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || fail "need root or sudo"
    SUDO="sudo"
fi

mkdir -p "$WORK"
declare -a installed=()

fetch_ca() {
    local cluster=$1 out=$2
    aws eks describe-cluster --region "$REGION" --name "$cluster" \
        --query 'cluster.certificateAuthority.data' --output text \
        | base64 --decode > "$out"
    openssl x509 -in "$out" -noout -subject -enddate >/dev/null \
        || fail "CA for $cluster is not a valid certificate"
}

for cluster in "$@"; do
    pem="$WORK/${cluster}.crt"
    log "fetching CA for $cluster in $REGION"
    fetch_ca "$cluster" "$pem"
    expiry=$(openssl x509 -in "$pem" -noout -enddate | cut -d= -f2)
    log "  subject $(openssl x509 -in "$pem" -noout -subject | cut -d= -f2-), expires $expiry"

    target="$ANCHOR_DIR/eks-${REGION}-${cluster}.crt"
    if [[ -f "$target" ]] && cmp -s "$pem" "$target"; then
        log "  already trusted"
        continue
    fi
    if (( DRY_RUN )); then
        log "  would install to $target"
        continue
    fi
    $SUDO install -d -m 0755 "$ANCHOR_DIR"
    $SUDO install -m 0644 -o root -g root "$pem" "$target"
    installed+=("$target")
done

if (( ${#installed[@]} > 0 )); then
    log "refreshing system trust store (${#installed[@]} new anchors)"
    $SUDO update-ca-certificates --fresh >/dev/null
    for t in "${installed[@]}"; do
        log "  trusted $t"
    done
else
    log "nothing to do"
fi
