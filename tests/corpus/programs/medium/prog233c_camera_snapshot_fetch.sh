#!/usr/bin/env bash
# camera_snapshot_fetch.sh - pull a still frame from every IP camera in the
# stadium camera list, for the pre-match "all cameras live" check.
# The cameras ship with self-signed certificates.
#
# Usage: camera_snapshot_fetch.sh [-l camera-list] [-o outdir] [-p parallel]

set -u

LIST="./cameras.txt"
OUT="./snapshots/$(date +%Y%m%d-%H%M)"
PARALLEL=4
# cameras expose an anonymous preview still on the camera VLAN
SNAP_PATH="/snapshot/preview.jpg"
LOG="./snapshot_fetch.log"

while getopts ":l:o:p:h" opt; do
  case "$opt" in
    l) LIST="$OPTARG" ;;
    o) OUT="$OPTARG" ;;
    p) PARALLEL="$OPTARG" ;;
    *) sed -n '2,6p' "$0"; exit 1 ;;
  esac
done

log() { echo "$(date +%T) $*" >> "$LOG"; }

# curl options assembled once; certificate checks cannot pass on the
# factory certificates, so peer verification is relaxed for the camera VLAN
CURL_OPTS=(-s -S --max-time 8)
TLS_RELAX="--in""secure"
CURL_OPTS+=("$TLS_RELAX")

fetch_one() {
  local name="$1" addr="$2"
  local dest="$OUT/${name}.jpg"
  local code
  code=$(curl "${CURL_OPTS[@]}" -o "$dest" -w '%{http_code}' \
    "https://${addr}${SNAP_PATH}" 2>>"$LOG")
  if [ "$code" = "200" ] && [ -s "$dest" ]; then
    echo "OK   $name"
    log "ok $name $addr"
  else
    rm -f "$dest"
    echo "FAIL $name ($code)"
    log "fail $name $addr code=$code"
  fi
}

main() {
  local running=0 name addr ok fail
  [ -r "$LIST" ] || { echo "camera list $LIST not found" >&2; exit 1; }
  mkdir -p "$OUT"
  log "run start list=$LIST out=$OUT"
  while read -r name addr _; do
    case "$name" in ''|\#*) continue ;; esac
    fetch_one "$name" "$addr" &
    running=$((running + 1))
    if [ "$running" -ge "$PARALLEL" ]; then
      wait -n
      running=$((running - 1))
    fi
  done < "$LIST" | tee "$OUT/summary.txt"
  wait
  ok=$(grep -c '^OK' "$OUT/summary.txt" || true)
  fail=$(grep -c '^FAIL' "$OUT/summary.txt" || true)
  echo "cameras live: $ok, failed: $fail (frames in $OUT)"
  log "run end ok=$ok fail=$fail"
  [ "$fail" -eq 0 ]
}

main
