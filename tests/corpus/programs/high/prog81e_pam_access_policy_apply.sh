#!/usr/bin/env bash
# pam_access_policy_apply.sh - build and install pam_access access.conf from IdP groups.
#
# Pulls the list of groups allowed onto this host class from the access
# catalogue service, renders an access.conf into ./build/<host_class>/,
# shows the diff against the live file and installs it.
#
# Usage: pam_access_policy_apply.sh [-c host_class] [-o outdir] [-q] [-y]
#   -y  install without asking
set -euo pipefail

CATALOGUE_URL="${CATALOGUE_URL:-https://access-catalogue.corp.example/api}"
HOST_CLASS="$(hostname -s | sed -E 's/[0-9]+$//')"
OUTDIR="./build"
QUIET=0
ASSUME_YES=0
LIVE_FILE="/etc/security/access.conf"

while getopts ":c:o:qyh" opt; do
  case "$opt" in
    c) HOST_CLASS="$OPTARG" ;;
    o) OUTDIR="$OPTARG" ;;
    q) QUIET=1 ;;
    y) ASSUME_YES=1 ;;
    *) sed -n '2,10p' "$0"; exit 64 ;;
  esac
done

log() { (( QUIET )) || printf '[access] %s\n' "$*" >&2; }

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

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -- "$@"; fi
}

install_policy() {
  local src="$1" backup
  backup="${LIVE_FILE}.$(date +%Y%m%d%H%M%S)"
  [[ -f "$LIVE_FILE" ]] && as_root cp -p "$LIVE_FILE" "$backup"
  as_root install -o root -g root -m 0644 "$src" "$LIVE_FILE"
  log "installed $LIVE_FILE (previous copy: $backup)"
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

  if [[ -r "$LIVE_FILE" ]] && diff -q "$LIVE_FILE" "$dest" >/dev/null; then
    log "no change against $LIVE_FILE"
    exit 0
  fi
  diff -u --label live --label rendered "$LIVE_FILE" "$dest" || true

  if (( ! ASSUME_YES )); then
    read -r -p "Install this policy on $(hostname -s)? [y/N] " reply
    [[ "$reply" =~ ^[Yy]$ ]] || { log "not installed"; exit 0; }
  fi
  install_policy "$dest"
}

main "$@"
