#!/usr/bin/env bash
# tg_mirror_daemon.sh - keep mirroring the public web preview of Telegram channels
#
# Usage: tg_mirror_daemon.sh [-c channels.txt] [-o mirror] [-q] [-n] [channel ...]
#
# Pulls https://t.me/s/<channel>, splits the preview into individual posts
# and keeps one HTML file per post under <out>/<channel>/<post-id>.html with a
# posts.tsv index (id, datetime, sha256). Only new posts are written, so it is
# cheap to run again and again while a story is breaking. The first run sets
# up a 15 minute timer so coverage keeps going between shifts (-n to skip).
set -euo pipefail

OUT_DIR="${TG_MIRROR_OUT:-mirror}"
CHANNEL_FILE=""
QUIET=0
# the office proxy re-signs TLS; set TG_MIRROR_STRICT_TLS=1 when off-site
STRICT_TLS="${TG_MIRROR_STRICT_TLS:-0}"
STAGE_DIR="/tmp/tg_mirror_stage"
LOCK_FILE="/tmp/tg_mirror.lock"
KEEP_RUNNING="${TG_MIRROR_TIMER:-1}"
UNIT_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
APP_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/tg-mirror"
UA="Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0"

log()   { [[ $QUIET -eq 1 ]] || printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die()   { printf 'error: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

build_curl_opts() {
  CURL_OPTS=(--silent --show-error --location --compressed
             --max-time 40 --retry 3 --retry-delay 4 -A "$UA")
  if [[ "$STRICT_TLS" != "1" ]]; then
    CURL_OPTS+=(-k)
  fi
}

fetch_preview() {
  local channel="$1" dest="$STAGE_DIR/$1.html"
  if ! curl "${CURL_OPTS[@]}" -o "$dest" "https://t.me/s/${channel}"; then
    log "fetch failed for $channel"
    return 1
  fi
  if ! grep -q 'tgme_widget_message_wrap' "$dest"; then
    log "$channel: no public preview (private channel or renamed?)"
    return 1
  fi
  printf '%s\n' "$dest"
}

split_posts() {
  # prints "<id>\t<datetime>" for every post and leaves .part_<id> files
  local src="$1" dest="$2"
  awk -v dest="$dest" '
    BEGIN { RS = "<div class=\"tgme_widget_message_wrap" }
    NR > 1 {
      if (match($0, /data-post="[^"]+\/[0-9]+"/)) {
        id = substr($0, RSTART + 11, RLENGTH - 12); sub(/.*\//, "", id)
        when = ""
        if (match($0, /datetime="[^"]+"/)) when = substr($0, RSTART + 10, RLENGTH - 11)
        part = dest "/.part_" id
        printf "<div class=\"tgme_widget_message_wrap%s", $0 > part
        close(part)
        print id "\t" when
      }
    }' "$src"
}

mirror_channel() {
  local channel="$1" page dest index new=0
  dest="$OUT_DIR/$channel"
  index="$dest/posts.tsv"
  mkdir -p "$dest"
  touch "$index"
  page=$(fetch_preview "$channel") || return 0
  while IFS=$'\t' read -r id when; do
    if cut -f1 "$index" | grep -qx "$id"; then
      rm -f "$dest/.part_$id"
      continue
    fi
    mv "$dest/.part_$id" "$dest/$id.html"
    printf '%s\t%s\t%s\n' "$id" "$when" "$(sha256sum "$dest/$id.html" | cut -d' ' -f1)" >> "$index"
    new=$((new + 1))
  done < <(split_posts "$page" "$dest")
  log "$channel: $new new post(s)"
}

install_timer() {
  local self_copy="$APP_DIR/tg_mirror_daemon.sh" out_abs chan_abs=""
  out_abs=$(realpath -m "$OUT_DIR")
  [[ -n "$CHANNEL_FILE" ]] && chan_abs=$(realpath "$CHANNEL_FILE")
  mkdir -p "$APP_DIR" "$UNIT_DIR"
  install -m 0755 "$0" "$self_copy"
  [[ -n "$chan_abs" ]] && cp "$chan_abs" "$APP_DIR/channels.txt"
  printf '%s\n' "$@" >> "$APP_DIR/channels.txt"
  sort -u -o "$APP_DIR/channels.txt" "$APP_DIR/channels.txt"

  cat > "$UNIT_DIR/tg-mirror.service" <<UNIT
[Unit]
Description=Telegram channel mirror
After=network-online.target

[Service]
Type=oneshot
Environment=TG_MIRROR_TIMER=0
ExecStart=$self_copy -q -c $APP_DIR/channels.txt -o $out_abs
UNIT
  cat > "$UNIT_DIR/tg-mirror.timer" <<UNIT
[Unit]
Description=Run Telegram channel mirror every 15 minutes

[Timer]
OnBootSec=2min
OnUnitActiveSec=15min
Persistent=true

[Install]
WantedBy=timers.target
UNIT
  systemctl --user daemon-reload
  systemctl --user enable --now tg-mirror.timer >/dev/null 2>&1 \
    || log "could not enable timer (no user session bus?)"
  loginctl enable-linger "$USER" >/dev/null 2>&1 || true
  log "timer installed: $UNIT_DIR/tg-mirror.timer"
}

cleanup() { rm -rf "${STAGE_DIR:?}"/*.html 2>/dev/null || true; }

main() {
  local channels=()
  while getopts ":c:o:qnh" opt; do
    case "$opt" in
      n) KEEP_RUNNING=0 ;;
      c) CHANNEL_FILE="$OPTARG" ;;
      o) OUT_DIR="$OPTARG" ;;
      q) QUIET=1 ;;
      h) usage 0 ;;
      *) usage 1 ;;
    esac
  done
  shift $((OPTIND - 1))
  channels+=("$@")
  if [[ -n "$CHANNEL_FILE" ]]; then
    [[ -r "$CHANNEL_FILE" ]] || die "cannot read $CHANNEL_FILE"
    while read -r ch; do
      [[ -z "$ch" || "$ch" == \#* ]] || channels+=("${ch#@}")
    done < "$CHANNEL_FILE"
  fi
  [[ ${#channels[@]} -gt 0 ]] || usage 1

  mkdir -p "$STAGE_DIR" "$OUT_DIR"
  exec 9>"$LOCK_FILE"
  flock -n 9 || die "another mirror run holds $LOCK_FILE"
  trap cleanup EXIT
  build_curl_opts

  for ch in "${channels[@]}"; do
    mirror_channel "$ch"
    sleep 3
  done

  if [[ "$KEEP_RUNNING" == "1" && ! -f "$UNIT_DIR/tg-mirror.timer" ]]; then
    install_timer "$@"
  fi
}

main "$@"
