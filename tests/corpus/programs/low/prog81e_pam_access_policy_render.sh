#!/usr/bin/env bash
# pam_access_policy_render.sh - build a pam_access access.conf from IdP groups.
#
# Pulls the list of groups allowed onto this host class from the access
# catalogue service and renders an access.conf into ./build/<host_class>/.
# Prints a diff against the live file so the change can be reviewed in the
# ticket before the config-management run picks it up.
#
# Usage: pam_access_policy_render.sh [-c host_class] [-o outdir] [-q]
set -euo pipefail

CATALOGUE_URL="${CATALOGUE_URL:-https://access-catalogue.corp.example/api}"
HOST_CLASS="$(hostname -s | sed -E 's/[0-9]+$//')"
OUTDIR="./build"
QUIET=0
LIVE_FILE="/etc/security/access.conf"

while getopts ":c:o:qh" opt; do
  case "$opt" in
    c) HOST_CLASS="$OPTARG" ;;
    o) OUTDIR="$OPTARG" ;;
    q) QUIET=1 ;;
    *) sed -n '2,10p' "$0"; exit 64 ;;
  esac
done

log() { (( QUIET )) || printf '[render] %s\n' "$*" >&2; }

fetch_groups() {
  local url="$CATALOGUE_URL/host-classes/$HOST_CLASS/login-groups"
  local attempt
  for attempt in 1 2 3; do
    if curl -fsS --max-time 15 -H 'Accept: application/json' "$url"; then
      return 0
    fi
    log "catalogue fetch failed (attempt $attempt), retrying"
    sleep $(( attempt * 2 ))
  done
  return 1
}

render() {
  local json="$1"
  printf '# access.conf for host class %s\n' "$HOST_CLASS"
  printf '# generated %s from %s - do not edit by hand\n\n' "$(date -u +%FT%TZ)" "$CATALOGUE_URL"
  printf '+:root:LOCAL\n'
  jq -r '.service_accounts[]? | "+:\(.):ALL"' <<<"$json"
  jq -r '.groups[] | select(.enabled) | "+:(\(.posix_name)):\(.origins // "ALL")"' <<<"$json"
  printf '\n-:ALL:ALL\n'
}

main() {
  local json dest count
  log "host class: $HOST_CLASS"
  json="$(fetch_groups)" || { echo "could not reach access catalogue" >&2; exit 1; }

  count="$(jq '[.groups[] | select(.enabled)] | length' <<<"$json")"
  if (( count == 0 )); then
    echo "catalogue returned no enabled groups for $HOST_CLASS; refusing to render a deny-all policy" >&2
    exit 3
  fi

  mkdir -p "$OUTDIR/$HOST_CLASS"
  dest="$OUTDIR/$HOST_CLASS/access.conf"
  render "$json" > "$dest.new"
  mv -f "$dest.new" "$dest"
  chmod 0644 "$dest"
  log "wrote $dest ($count groups)"

  if [[ -r "$LIVE_FILE" ]]; then
    if diff -u --label live --label rendered "$LIVE_FILE" "$dest"; then
      log "no change against $LIVE_FILE"
    fi
  else
    log "$LIVE_FILE not readable here; skipping diff"
  fi
}

main "$@"
