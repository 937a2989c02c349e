#!/usr/bin/env bash
# Merge the per-cluster kubeconfigs dropped into ~/.kube/clusters.d/ into a
# single ~/.kube/config, check that every API server answers, and keep a
# backup of the previous config.
#
# usage: kubeconfig_merge.sh [-d DIR] [-c CONTEXT] [-s]
#   -d  directory with *.yaml / *.kubeconfig files (default ~/.kube/clusters.d)
#   -c  context to make current after the merge
#   -s  skip API server health checks

set -uo pipefail

SRC_DIR="${HOME}/.kube/clusters.d"
TARGET="${HOME}/.kube/config"
STAGE=/tmp/kubeconfig-merge.yaml
CURRENT=""
CHECK=1

log() { printf '[kcfg] %s\n' "$*" >&2; }

while getopts ":d:c:sh" o; do
  case $o in
    d) SRC_DIR=$OPTARG ;;
    c) CURRENT=$OPTARG ;;
    s) CHECK=0 ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) log "unknown option"; exit 2 ;;
  esac
done

command -v kubectl >/dev/null || { log "kubectl not found"; exit 127; }

collect_sources() {
  local files=()
  [[ -f $TARGET ]] && files+=("$TARGET")
  shopt -s nullglob
  for f in "$SRC_DIR"/*.yaml "$SRC_DIR"/*.yml "$SRC_DIR"/*.kubeconfig; do
    files+=("$f")
  done
  shopt -u nullglob
  (IFS=:; echo "${files[*]}")
}

merge() {
  local sources=$1
  KUBECONFIG=$sources kubectl config view --flatten > "$STAGE" || return 1
  if [[ -n $CURRENT ]]; then
    KUBECONFIG=$STAGE kubectl config use-context "$CURRENT" >/dev/null || return 1
  fi
}

health_check() {
  local failed=0 name server code
  while IFS=$'\t' read -r name server; do
    [[ -z $server ]] && continue
    code=$(curl -sk -o /dev/null -w '%{http_code}' --max-time 5 "$server/livez" || echo 000)
    if [[ $code == 200 || $code == 401 || $code == 403 ]]; then
      log "ok    $name ($server)"
    else
      log "FAIL  $name ($server) http=$code"
      failed=$((failed + 1))
    fi
  done < <(KUBECONFIG=$STAGE kubectl config view \
             -o jsonpath='{range .clusters[*]}{.name}{"\t"}{.cluster.server}{"\n"}{end}')
  return $failed
}

install_config() {
  mkdir -p "$(dirname "$TARGET")"
  if [[ -f $TARGET ]]; then
    cp -p "$TARGET" "$TARGET.bak.$(date +%Y%m%d%H%M%S)"
  fi
  install -m 0600 "$STAGE" "$TARGET"
  rm -f "$STAGE"
  log "wrote $TARGET ($(KUBECONFIG=$TARGET kubectl config get-contexts -o name | wc -l) contexts)"
}

main() {
  local sources
  sources=$(collect_sources)
  [[ -n $sources ]] || { log "nothing to merge in $SRC_DIR"; exit 0; }
  log "merging: ${sources//:/ }"
  merge "$sources" || { log "merge failed"; exit 1; }
  if (( CHECK )); then
    health_check || log "some clusters did not answer; merged anyway"
  fi
  install_config
}

main "$@"
