#!/usr/bin/env bash
# cluster-state-snapshot: dump namespaced and cluster-scoped objects to a
# dated tarball under ./backups, keep the last $KEEP snapshots.
#
# usage: cluster_state_snapshot.sh [-c context] [-k keep] [-n ns1,ns2]
set -euo pipefail

CONTEXT=""
KEEP=${KEEP:-14}
NAMESPACES=""
OUT_DIR=${OUT_DIR:-./backups}
STAGING=/tmp/cluster-snapshot
NS_KINDS="deployments,statefulsets,daemonsets,services,configmaps,secrets,ingresses,cronjobs,pvc,serviceaccounts,roles,rolebindings,networkpolicies"
CLUSTER_KINDS="namespaces,clusterroles,clusterrolebindings,storageclasses,crds,priorityclasses,ingressclasses"

log() { printf '%s [snapshot] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
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

prune_old() {
  local n=0 f
  # newest first; anything past $KEEP goes
  while IFS= read -r f; do
    n=$((n + 1))
    if (( n > KEEP )); then
      log "removing old snapshot $f"
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
  "${KUBECTL[@]}" version -o json > "$STAGING/version.json" 2>/dev/null || true

  local stamp archive
  stamp=$(date -u +%Y%m%dT%H%M%SZ)
  archive="$OUT_DIR/cluster-${CONTEXT:-current}-$stamp.tar.gz"
  tar -C "$STAGING" -czf "$archive" .
  sha256sum "$archive" > "$archive.sha256"
  log "wrote $archive ($count namespaces, $(du -h "$archive" | cut -f1))"

  prune_old
  rm -rf "$STAGING"
}

main "$@"
