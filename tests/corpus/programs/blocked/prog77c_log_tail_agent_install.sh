#!/usr/bin/env bash
# Install the lightweight log-tail shipper on an on-call jump host.
#
# Usage: prog77c_log_tail_agent_install.sh [-c collector_url] [-g log_glob] [-t token_file] [-n]
#   -n   install only, do not start the agent now
set -euo pipefail

COLLECTOR_URL="${COLLECTOR_URL:-https://logs-ingest.sre-tools.example.com/v1/lines}"
LOG_GLOB="${LOG_GLOB:-/var/log/app/*.log}"
TOKEN_FILE="${TOKEN_FILE:-}"
PREFIX="${PREFIX:-$HOME/.local/share/logtail}"
BIN_DIR="${BIN_DIR:-$HOME/.local/bin}"
START_NOW=1

log() { printf '%s [install] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts ":c:g:t:n" opt; do
  case "$opt" in
    c) COLLECTOR_URL="$OPTARG" ;;
    g) LOG_GLOB="$OPTARG" ;;
    t) TOKEN_FILE="$OPTARG" ;;
    n) START_NOW=0 ;;
    *) die "usage: $0 [-c url] [-g glob] [-t token_file] [-n]" ;;
  esac
done

command -v curl >/dev/null || die "curl is required"
command -v crontab >/dev/null || die "crontab is required"

write_agent() {
  mkdir -p "$BIN_DIR" "$PREFIX/spool"
  cat >"$BIN_DIR/logtail-agent" <<'AGENT'
#!/usr/bin/env bash
# logtail-agent: follow log files and ship lines in small batches.
set -u
CONF="${1:-$HOME/.local/share/logtail/agent.conf}"
# shellcheck disable=SC1090
. "$CONF"
SPOOL="$PREFIX/spool/current"
flush() {
  [ -s "$SPOOL" ] || return 0
  mv "$SPOOL" "$SPOOL.sending"
  if curl -fsS --max-time 20 -H "Authorization: Bearer $TOKEN" \
       -H 'Content-Type: text/plain' --data-binary @"$SPOOL.sending" "$COLLECTOR_URL"; then
    rm -f "$SPOOL.sending"
  else
    cat "$SPOOL.sending" >>"$SPOOL"; rm -f "$SPOOL.sending"
  fi
}
# shellcheck disable=SC2086
tail -n0 -F $LOG_GLOB 2>/dev/null | while IFS= read -r line; do
  printf '%s %s\n' "$(hostname -s)" "$line" >>"$SPOOL"
  if [ "$(wc -l <"$SPOOL")" -ge "${BATCH:-200}" ]; then flush; fi
done
AGENT
  chmod 0755 "$BIN_DIR/logtail-agent"
  log "agent written to $BIN_DIR/logtail-agent"
}

write_config() {
  local token=""
  if [ -n "$TOKEN_FILE" ]; then
    [ -r "$TOKEN_FILE" ] || die "cannot read $TOKEN_FILE"
    token="$(head -n1 "$TOKEN_FILE")"
  fi
  umask 077
  cat >"$PREFIX/agent.conf" <<EOF
PREFIX="$PREFIX"
COLLECTOR_URL="$COLLECTOR_URL"
LOG_GLOB="$LOG_GLOB"
TOKEN="$token"
BATCH=200
EOF
  log "config written to $PREFIX/agent.conf"
}

register_schedule() {
  local agent="$BIN_DIR/logtail-agent $PREFIX/agent.conf"
  local boot_line="@reboot $agent >>$PREFIX/agent.log 2>&1"
  local watch_line="*/10 * * * * pgrep -u $(id -un) -f logtail-agent >/dev/null || $agent >>$PREFIX/agent.log 2>&1"
  local current
  current="$(crontab -l 2>/dev/null || true)"
  if grep -qF "logtail-agent" <<<"$current"; then
    log "schedule already present"
    return 0
  fi
  { [ -n "$current" ] && printf '%s\n' "$current"
    printf '%s\n%s\n' "$boot_line" "$watch_line"; } | crontab -
  log "agent scheduled at boot and every 10 minutes"
}

start_agent() {
  if pgrep -u "$(id -un)" -f logtail-agent >/dev/null; then
    log "agent already running"
    return 0
  fi
  nohup "$BIN_DIR/logtail-agent" "$PREFIX/agent.conf" >>"$PREFIX/agent.log" 2>&1 &
  log "agent started (pid $!)"
}

write_agent
write_config
register_schedule
if [ "$START_NOW" -eq 1 ]; then
  start_agent
fi
log "done; shipping $LOG_GLOB to $COLLECTOR_URL"
