#!/usr/bin/env bash
# feed_logger_card_import.sh - pull the weekly CSVs off the feed-room scale
# logger's SD card (volume label FEEDLOG) into ./imports, checksum them and
# merge into the running ledger. The card is mounted read-only so the logger's
# own files are never touched.
#
#   ./feed_logger_card_import.sh [-l FEEDLOG] [-d /dev/sdX1] [-n]
set -euo pipefail

LABEL="FEEDLOG"
DEVICE=""
DRY_RUN=0
DEST="./imports"
LEDGER="./feed_ledger.csv"

while getopts "l:d:nh" opt; do
  case "$opt" in
    l) LABEL="$OPTARG" ;;
    d) DEVICE="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

note() { printf '%s  %s\n' "$(date '+%F %T')" "$*" | tee -a ./card_import.log >&2; }

locate_card() {
  if [[ -n "$DEVICE" ]]; then
    echo "$DEVICE"; return 0
  fi
  # lsblk works without root; blkid -L needs it on some distros
  lsblk -rpno NAME,LABEL,RM | awk -v l="$LABEL" '$2 == l && $3 == 1 {print $1; exit}'
}

DEV="$(locate_card)"
[[ -n "$DEV" ]] || { note "no removable volume labelled $LABEL found - is the card in?"; exit 1; }
note "found $LABEL on $DEV"

MNT="$(mktemp -d "${TMPDIR:-/tmp}/feedcard.XXXXXX")"
MOUNTED=0

release() {
  if [[ $MOUNTED -eq 1 ]]; then
    sudo umount "$MNT" && note "card unmounted" || note "could not unmount $MNT"
  fi
  rmdir "$MNT" 2>/dev/null || true
}
trap release EXIT

sudo mount -o ro,nosuid,nodev,noexec,uid="$(id -u)",gid="$(id -g)" "$DEV" "$MNT"
MOUNTED=1

shopt -s nullglob
files=("$MNT"/LOG/*.CSV "$MNT"/LOG/*.csv)
if [[ ${#files[@]} -eq 0 ]]; then
  note "no log files on the card"
  exit 0
fi

mkdir -p "$DEST"
touch "$DEST/.sha256"
imported=0
for src in "${files[@]}"; do
  sum="$(sha256sum "$src" | cut -d' ' -f1)"
  if grep -q "^$sum " "$DEST/.sha256"; then
    continue
  fi
  name="$(basename "$src" | tr '[:upper:]' '[:lower:]')"
  if [[ $DRY_RUN -eq 1 ]]; then
    note "would import $name"
    continue
  fi
  cp -p "$src" "$DEST/$name"
  echo "$sum $name" >> "$DEST/.sha256"
  # logger writes: timestamp,bin,kg  ->  ledger: date,item,kg,source
  tail -n +2 "$DEST/$name" | awk -F, -v f="$name" 'NF>=3 {split($1,d,"T"); printf "%s,%s,%s,%s\n", d[1], tolower($2), $3, f}' \
    >> "$LEDGER"
  imported=$((imported + 1))
done

note "imported $imported new file(s) into $DEST; ledger now $(wc -l < "$LEDGER" 2>/dev/null || echo 0) lines"
