#!/usr/bin/env bash
# consultation_export.sh - pulls public consultation responses for one or more
# planning applications from the consultation API (internal staging instance,
# self-signed certificate) and saves them as JSON for the officer report.
#
# Usage: consultation_export.sh [-o OUTDIR] [-p PAGE_SIZE] REF [REF...]
# Needs CONSULT_API_TOKEN in the environment.

set -euo pipefail

OUTDIR="./consultation_exports"
PAGE_SIZE=100
API_ROOT="https://consult-staging.example.org/api/v1"
TLS_MODE="insecure"

CURL_OPTS=(--silent --show-error --fail --max-time 60 "--${TLS_MODE}")

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

while getopts ":o:p:h" opt; do
  case "$opt" in
    o) OUTDIR="$OPTARG" ;;
    p) PAGE_SIZE="$OPTARG" ;;
    h) usage 0 ;;
    *) usage 2 ;;
  esac
done
shift $((OPTIND - 1))

[[ $# -ge 1 ]] || usage 2
[[ -n "${CONSULT_API_TOKEN:-}" ]] || die "CONSULT_API_TOKEN is not set"
command -v jq >/dev/null 2>&1 || die "jq is required"

api_get() {
  local path="$1"
  curl "${CURL_OPTS[@]}" \
       -H "Authorization: Bearer ${CONSULT_API_TOKEN}" \
       -H "Accept: application/json" \
       "${API_ROOT}${path}"
}

safe_ref() {
  printf '%s' "$1" | tr '/' '-' | tr -cd 'A-Za-z0-9._-'
}

fetch_responses() {
  local ref="$1" page=1 total=0 out chunk count
  out="${OUTDIR}/$(safe_ref "$ref").json"
  echo '[]' > "$out.part"
  while :; do
    if ! chunk=$(api_get "/applications/${ref}/responses?page=${page}&per_page=${PAGE_SIZE}"); then
      log "request failed for $ref page $page"
      rm -f "$out.part"
      return 1
    fi
    count=$(jq '.results | length' <<< "$chunk")
    jq -s '.[0] + .[1].results' "$out.part" <(printf '%s' "$chunk") > "$out.next"
    mv "$out.next" "$out.part"
    total=$((total + count))
    [[ "$count" -lt "$PAGE_SIZE" ]] && break
    page=$((page + 1))
  done
  mv "$out.part" "$out"
  log "$ref: $total responses saved to $out"
}

summarise() {
  local f
  for f in "$OUTDIR"/*.json; do
    [[ -e "$f" ]] || continue
    jq -r --arg f "$(basename "$f")" \
      '[$f, length, (map(select(.stance=="object")) | length),
        (map(select(.stance=="support")) | length)] | @tsv' "$f"
  done | column -t
}

main() {
  mkdir -p "$OUTDIR"
  local ref failed=0
  for ref in "$@"; do
    fetch_responses "$ref" || failed=$((failed + 1))
  done
  summarise
  [[ "$failed" -eq 0 ]] || die "$failed application(s) could not be exported"
}

main "$@"
