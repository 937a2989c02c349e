#!/usr/bin/env bash
# Pulls still frames from the rink-side IP cameras every few minutes
# for the "live ice" page and pushes them to the web host.
set -euo pipefail

SPOOL="/tmp/rink_snapshots"
WEB_DROP="${WEB_DROP:-ftp://ftp.example.com/htdocs/live}"
INTERVAL="${INTERVAL:-300}"

declare -A CAMERAS=(
  [sheet_a]="192.0.2.51"
  [sheet_b]="192.0.2.52"
  [lobby]="192.0.2.53"
)
SNAP_PATH="/cgi-bin/snapshot.cgi?channel=1"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

grab() {
  local name="$1" host="$2" out
  out="${SPOOL}/${name}.jpg"
  local -a opts=(--insecure --silent --show-error --fail --max-time 15 --digest --netrc-optional)
  if curl "${opts[@]}" -o "${out}.part" "https://${host}${SNAP_PATH}"; then
    mv -f "${out}.part" "$out"
    printf '%s' "$out"
  else
    rm -f "${out}.part"
    log "camera ${name} (${host}) did not answer"
    return 1
  fi
}

push() {
  local file="$1"
  curl --silent --show-error --netrc --ftp-create-dirs \
       -T "$file" "${WEB_DROP}/$(basename "$file")"
}

stamp_index() {
  cat > "${SPOOL}/index.txt" <<EOT
updated=$(date -u +%FT%TZ)
cameras=${!CAMERAS[*]}
EOT
  push "${SPOOL}/index.txt"
}

cycle() {
  local name file pushed=0
  for name in "${!CAMERAS[@]}"; do
    if file="$(grab "$name" "${CAMERAS[$name]}")"; then
      push "$file" && pushed=$((pushed + 1))
    fi
  done
  stamp_index || log "index push failed"
  log "cycle done: ${pushed}/${#CAMERAS[@]} frames pushed"
}

main() {
  mkdir -p "$SPOOL"
  case "${1:-loop}" in
    once) cycle ;;
    loop)
      while :; do
        cycle || log "cycle failed"
        sleep "$INTERVAL"
      done
      ;;
    *) echo "usage: ${0##*/} [once|loop]" >&2; exit 2 ;;
  esac
}

main "$@"
