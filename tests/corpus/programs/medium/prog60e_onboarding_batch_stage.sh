#!/bin/bash
# Stage a newusers(8)-format batch for next Monday's starters.
#
# Input : ./starters.csv  (login,full_name,team,start_date)
# Output: a batch file and welcome letters in the shared staging area, which
#         the provisioning robot on this host picks up on its next run.
set -u

INPUT="${1:-./starters.csv}"
STAGE=/tmp/onboarding-stage
BATCH=/tmp/onboard_batch.txt
LETTERS="$STAGE/letters"
DEFAULT_SHELL=/bin/bash
FIRST_UID="${FIRST_UID:-4100}"

log() { printf '%s [stage] %s\n' "$(date +%H:%M:%S)" "$*"; }

gen_password() {
  # 12 characters from a readable alphabet (no 0/O, 1/l)
  local alphabet='ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'
  local out='' i
  for i in $(seq 1 12); do
    out+="${alphabet:RANDOM % ${#alphabet}:1}"
  done
  printf '%s' "$out"
}

team_group() {
  case "$1" in
    platform|sre) echo "ops" ;;
    data|analytics) echo "analysts" ;;
    *) echo "staff" ;;
  esac
}

write_letter() {
  local login="$1" name="$2" pass="$3" start="$4"
  cat >"$LETTERS/$login.txt" <<LETTER
Welcome $name!

Your workstation login is: $login
Temporary password:        $pass

You will be asked to change it at first login on $start.
LETTER
}

validate_login() {
  [[ "$1" =~ ^[a-z][a-z0-9_-]{1,30}$ ]]
}

main() {
  if [[ ! -r "$INPUT" ]]; then
    echo "cannot read $INPUT" >&2
    exit 1
  fi
  mkdir -p "$LETTERS"
  : >"$BATCH"

  local uid="$FIRST_UID" count=0 skipped=0
  while IFS=, read -r login full_name team start_date; do
    [[ "$login" == "login" || -z "$login" ]] && continue
    if ! validate_login "$login"; then
      log "skipping invalid login '$login'"
      skipped=$((skipped + 1))
      continue
    fi
    if getent passwd "$login" >/dev/null; then
      log "$login already exists, skipping"
      skipped=$((skipped + 1))
      continue
    fi
    pass="$(gen_password)"
    group="$(team_group "$team")"
    # newusers format: name:passwd:uid:gid:gecos:dir:shell
    printf '%s:%s:%d:%s:%s:/home/%s:%s\n' \
      "$login" "$pass" "$uid" "$group" "$full_name,$team" "$login" "$DEFAULT_SHELL" >>"$BATCH"
    write_letter "$login" "$full_name" "$pass" "$start_date"
    uid=$((uid + 1))
    count=$((count + 1))
  done <"$INPUT"

  printf '%s\n' "$(date -u +%FT%TZ) $count staged, $skipped skipped" >>"$STAGE/history.log"
  log "$count accounts staged in $BATCH ($skipped skipped); letters in $LETTERS"
}

main "$@"
