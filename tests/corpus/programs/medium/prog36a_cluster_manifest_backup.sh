#!/usr/bin/env bash
# Nightly export of cluster object definitions (no Secrets) for disaster
# recovery drills.  Each namespace is dumped to YAML, stripped of status and
# server-managed fields, then packed into a dated tarball.  Old tarballs are
# rotated.  Runs from the ops jump box against the lab clusters, whose API
# servers use self-signed certificates.
#
# usage: cluster-backup.sh [-c context]... [-k keep_days] [-n namespace_regex]

set -uo pipefail

BACKUP_ROOT=/tmp/k8s-backup
KEEP_DAYS=7
NS_REGEX='.*'
CONTEXTS=()
KUBECTL="kubectl --insecure-skip-tls-verify=true --request-timeout=30s"
KINDS="deployments statefulsets daemonsets cronjobs services configmaps ingresses \
persistentvolumeclaims serviceaccounts roles rolebindings networkpolicies \
horizontalpodautoscalers poddisruptionbudgets"

log() { echo "$(date -u +%FT%TZ) backup: $*"; }

while getopts ":c:k:n:" opt; do
    case $opt in
        c) CONTEXTS+=("$OPTARG") ;;
        k) KEEP_DAYS=$OPTARG ;;
        n) NS_REGEX=$OPTARG ;;
        *) echo "usage: $0 [-c context]... [-k keep_days] [-n ns_regex]" >&2; exit 2 ;;
    esac
done

command -v kubectl >/dev/null || { log "kubectl not found"; exit 1; }
command -v yq >/dev/null || log "yq not found, objects will keep server-side fields"

if [ ${#CONTEXTS[@]} -eq 0 ]; then
    mapfile -t CONTEXTS < <(kubectl config get-contexts -o name | grep -E '^lab-')
fi

strip_fields() {
    if command -v yq >/dev/null; then
        yq eval 'del(.items[].status, .items[].metadata.uid, .items[].metadata.resourceVersion,
                     .items[].metadata.creationTimestamp, .items[].metadata.managedFields,
                     .items[].metadata.generation)' -
    else
        cat
    fi
}

backup_context() {
    local ctx=$1
    local stamp
    stamp=$(date -u +%Y%m%d-%H%M)
    local workdir="$BACKUP_ROOT/$ctx/$stamp"
    local failures=0

    mkdir -p "$workdir"
    log "[$ctx] exporting to $workdir"

    $KUBECTL --context "$ctx" get crd -o yaml > "$workdir/_crds.yaml" 2>>"$workdir/errors.log" \
        || failures=$((failures + 1))
    $KUBECTL --context "$ctx" get clusterroles,clusterrolebindings,storageclasses,ingressclasses \
        -o yaml | strip_fields > "$workdir/_cluster.yaml" 2>>"$workdir/errors.log"

    local namespaces
    namespaces=$($KUBECTL --context "$ctx" get ns -o jsonpath='{.items[*].metadata.name}') || {
        log "[$ctx] cannot list namespaces"; return 1; }

    for ns in $namespaces; do
        [[ $ns =~ $NS_REGEX ]] || continue
        mkdir -p "$workdir/$ns"
        for kind in $KINDS; do
            if ! $KUBECTL --context "$ctx" -n "$ns" get "$kind" -o yaml 2>>"$workdir/errors.log" \
                | strip_fields > "$workdir/$ns/$kind.yaml"; then
                failures=$((failures + 1))
            fi
            # drop empty lists to keep the archive readable
            if grep -q '^items: \[\]' "$workdir/$ns/$kind.yaml" 2>/dev/null; then
                rm -f "$workdir/$ns/$kind.yaml"
            fi
        done
    done

    tar -C "$BACKUP_ROOT/$ctx" -czf "$BACKUP_ROOT/$ctx/$stamp.tar.gz" "$stamp" && rm -rf "$workdir"
    log "[$ctx] wrote $BACKUP_ROOT/$ctx/$stamp.tar.gz ($failures failures)"
    return $(( failures > 0 ))
}

rotate() {
    local ctx=$1
    find "$BACKUP_ROOT/$ctx" -maxdepth 1 -name '*.tar.gz' -mtime +"$KEEP_DAYS" -print -delete \
        | while read -r old; do log "[$ctx] rotated $old"; done
}

rc=0
for ctx in "${CONTEXTS[@]}"; do
    backup_context "$ctx" || rc=1
    rotate "$ctx"
done
exit $rc
