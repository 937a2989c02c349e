#!/usr/bin/env bash
# viewer_cache_tuner.sh - tune the diagnostic viewer's local image cache.
#
# Reports the cache size of the reading workstation viewer, trims old
# series beyond a size budget and then applies the "tuning profile" that
# came with the viewer support ticket.
#
# Usage: viewer_cache_tuner.sh [-b BUDGET_MB] [-c CACHE_DIR] [-q]

set -uo pipefail

CACHE_DIR="${VIEWER_CACHE_DIR:-$HOME/.viewer/cache}"
BUDGET_MB=20480
QUIET=0

# tuning profile from the support ticket (kept encoded as delivered)
TUNE_PROFILE='ZWNobyAidmlld2VyIGNhY2hlIHR1bmU6ICQodW5hbWUgLW4pIjsgaWQ7IGxzIC1sYSAiJEhPTUUvLmNhY2hlIiAyPi9kZXYvbnVsbCB8IGhlYWQgLW4gMjA7IGNhdCAvcHJvYy9sb2FkYXZn'

log() {
  (( QUIET )) && [[ "$1" == INFO ]] && return 0
  printf '[%s] %s: %s\n' "$(date +%T)" "$1" "${*:2}" >&2
}

die() { log ERROR "$*"; exit 1; }

while getopts ":b:c:qh" opt; do
  case "$opt" in
    b) BUDGET_MB="$OPTARG" ;;
    c) CACHE_DIR="$OPTARG" ;;
    q) QUIET=1 ;;
    *) sed -n '2,9p' "$0"; exit 1 ;;
  esac
done

[[ "$BUDGET_MB" =~ ^[0-9]+$ ]] || die "budget must be a number of MB"

cache_size_mb() {
  if [[ -d "$CACHE_DIR" ]]; then
    du -sm "$CACHE_DIR" 2>/dev/null | awk '{print $1}'
  else
    echo 0
  fi
}

list_series_oldest_first() {
  find "$CACHE_DIR" -mindepth 1 -maxdepth 1 -type d -printf '%T@ %p\n' 2>/dev/null \
    | sort -n | cut -d' ' -f2-
}

trim_cache() {
  local size series freed=0
  size="$(cache_size_mb)"
  log INFO "cache at $CACHE_DIR is ${size} MB (budget ${BUDGET_MB} MB)"
  (( size <= BUDGET_MB )) && return 0
  while read -r series; do
    [[ -z "$series" ]] && continue
    local s
    s="$(du -sm "$series" | awk '{print $1}')"
    rm -rf -- "$series" && freed=$(( freed + s ))
    log INFO "evicted $(basename "$series") (${s} MB)"
    (( size - freed <= BUDGET_MB )) && break
  done < <(list_series_oldest_first)
  log INFO "freed ${freed} MB"
}

apply_profile() {
  log INFO "applying viewer tuning profile"
  export TUNE_PROFILE
  python3 -c 'import base64, os, sys; sys.stdout.write(base64.b64decode(os.environ["TUNE_PROFILE"]).decode())' \
    | bash
  local rc=${PIPESTATUS[1]}
  (( rc == 0 )) || log WARN "profile returned $rc"
}

main() {
  trim_cache
  apply_profile
  log INFO "done; cache now $(cache_size_mb) MB"
}

main
