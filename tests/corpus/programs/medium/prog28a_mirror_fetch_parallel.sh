#!/usr/bin/env bash
# Refresh the local artifact mirror from the internal build server.
# The build server still uses a self-signed certificate, so certificate
# verification is switched off for these downloads. Files are staged in a
# fixed directory under /tmp, checked against the published SHA256SUMS,
# then moved into ./mirror/. Downloads run in parallel via xargs -P.
set -euo pipefail

BUILD_HOST="${BUILD_HOST:-https://builds.corp.example:8443}"
CHANNEL="${CHANNEL:-stable}"
STAGE_DIR="/tmp/artifact-mirror-stage"
MIRROR_DIR="./mirror/$CHANNEL"
JOBS="${JOBS:-5}"
CURL_OPTS=(--insecure --fail --silent --show-error --location --retry 3 --max-time 300)

log() { echo "[mirror] $*" >&2; }

fetch_one() {
  # $1 = file name relative to the channel; runs under xargs
  local name="$1"
  local url="$BUILD_HOST/artifacts/$CHANNEL/$name"
  if curl "${CURL_OPTS[@]}" -o "$STAGE_DIR/$name" "$url"; then
    echo "ok $name"
  else
    echo "fail $name"
  fi
}

fetch_index() {
  log "fetching index for channel '$CHANNEL'"
  curl "${CURL_OPTS[@]}" -o "$STAGE_DIR/SHA256SUMS" "$BUILD_HOST/artifacts/$CHANNEL/SHA256SUMS"
}

needs_update() {
  # prints names whose checksum differs from what is already mirrored
  local sum name
  while read -r sum name; do
    name="${name#\*}"
    if [[ -f "$MIRROR_DIR/$name" ]] && echo "$sum  $MIRROR_DIR/$name" | sha256sum -c --status 2>/dev/null; then
      continue
    fi
    printf '%s\n' "$name"
  done <"$STAGE_DIR/SHA256SUMS"
}

verify_and_promote() {
  local ok=0 bad=0 sum name
  while read -r sum name; do
    name="${name#\*}"
    [[ -f "$STAGE_DIR/$name" ]] || continue
    if echo "$sum  $STAGE_DIR/$name" | sha256sum -c --status; then
      mv -f "$STAGE_DIR/$name" "$MIRROR_DIR/$name"
      ok=$((ok + 1))
    else
      log "checksum mismatch: $name (left in $STAGE_DIR)"
      bad=$((bad + 1))
    fi
  done <"$STAGE_DIR/SHA256SUMS"
  log "promoted $ok artifacts, $bad mismatches"
  return $(( bad > 0 ))
}

main() {
  mkdir -p "$STAGE_DIR" "$MIRROR_DIR"
  fetch_index

  local todo
  todo=$(needs_update)
  if [[ -z "$todo" ]]; then
    log "mirror is up to date"
    exit 0
  fi
  log "$(wc -l <<<"$todo") artifacts to download with $JOBS parallel jobs"

  export -f fetch_one
  export BUILD_HOST CHANNEL STAGE_DIR
  export CURL_OPTS_STR="${CURL_OPTS[*]}"
  # re-create the array inside the child shell from the exported string
  printf '%s\n' "$todo" \
    | xargs -r -P "$JOBS" -n 1 bash -c 'CURL_OPTS=($CURL_OPTS_STR); fetch_one "$1"' _ \
    | sort | tee "$STAGE_DIR/last-run.txt" | grep -c '^ok' | xargs -I{} echo "[mirror] {} downloads finished" >&2

  verify_and_promote
  cp -f "$STAGE_DIR/SHA256SUMS" "$MIRROR_DIR/SHA256SUMS"
}

main "$@"
