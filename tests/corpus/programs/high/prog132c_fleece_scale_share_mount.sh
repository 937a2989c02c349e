#!/usr/bin/env bash
# fleece_scale_share_mount.sh - pull bale weights off the wool shed scale PC
#
# The bale scale's Windows PC shares its export folder as \\WOOLSCALE\exports.
# This mounts the share read-only, copies any bale weight files we don't
# already have into ./bale_weights, checks them, and unmounts again.
#
# Credentials: ~/.woolscale.cred (username=/password=/domain= lines)

set -euo pipefail

SCALE_HOST="${SCALE_HOST:-woolscale.local}"
SHARE="${SHARE:-exports}"
MNT="${MNT:-/mnt/woolscale}"
CRED="${CRED:-$HOME/.woolscale.cred}"
DEST="./bale_weights"
VERS="${SMB_VERS:-3.0}"

info() { echo "woolscale: $*"; }
die()  { echo "woolscale: error: $*" >&2; exit 1; }

[[ -f "$CRED" ]] || die "credentials file $CRED not found"
chmod 600 "$CRED"
command -v mount.cifs >/dev/null || die "cifs-utils not installed (apt install cifs-utils)"

cleanup() {
  if mountpoint -q "$MNT"; then
    sudo umount "$MNT" || sudo umount -l "$MNT"
    info "unmounted $MNT"
  fi
}
trap cleanup EXIT

mount_share() {
  sudo mkdir -p "$MNT"
  local opts="ro,credentials=$CRED,vers=$VERS,uid=$(id -u),gid=$(id -g),iocharset=utf8"
  local tries=0
  until sudo mount -t cifs "//$SCALE_HOST/$SHARE" "$MNT" -o "$opts"; do
    tries=$((tries + 1))
    (( tries >= 3 )) && die "could not mount //$SCALE_HOST/$SHARE"
    info "mount failed, scale PC may be waking up; retrying in 20s"
    sleep 20
  done
  info "mounted //$SCALE_HOST/$SHARE on $MNT"
}

copy_new() {
  mkdir -p "$DEST"
  local n=0 f base
  shopt -s nullglob nocaseglob
  for f in "$MNT"/BALE_*.csv "$MNT"/bales/*.csv; do
    base="$(basename "$f")"
    if [[ ! -f "$DEST/$base" ]] || ! cmp -s "$f" "$DEST/$base"; then
      cp -p "$f" "$DEST/$base"
      n=$((n + 1))
    fi
  done
  info "$n new or changed bale files copied"
}

check_files() {
  # each file: bale_no,lot,gross_kg,tare_kg,net_kg,timestamp
  local bad=0 f
  for f in "$DEST"/*.csv; do
    if ! awk -F, 'NR>1 && ($5 <= 0 || $5 > 300 || ($3 - $4 - $5)^2 > 0.04) { exit 1 }' "$f"; then
      echo "  suspicious weights in $(basename "$f")" >&2
      bad=$((bad + 1))
    fi
  done
  (( bad == 0 )) && info "all bale files pass weight checks" || info "$bad files need checking"
}

summary() {
  awk -F, 'FNR>1 { n++; kg += $5 } END { printf "woolscale: %d bales, %.1f kg net\n", n, kg }' \
    "$DEST"/*.csv 2>/dev/null || true
}

mount_share
copy_new
check_files
summary
