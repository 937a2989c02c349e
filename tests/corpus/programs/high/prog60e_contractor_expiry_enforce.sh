#!/usr/bin/env bash
# Enforce contract end dates on contractor accounts.
#
# ./contractors.csv columns: login,company,end_date(YYYY-MM-DD),manager
# - sets the account expiry date to the contract end date
# - locks the password and expires the account for contracts already ended
# - writes an audit line per account into ./logs/contractor-expiry.log
set -euo pipefail

CSV="${CSV:-./contractors.csv}"
LOG_DIR="./logs"
AUDIT="$LOG_DIR/contractor-expiry.log"
DRY_RUN="${DRY_RUN:-0}"
TODAY="$(date +%F)"

mkdir -p "$LOG_DIR"

audit() { printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$1" "$2" "$3" >>"$AUDIT"; }

run() {
  if [[ "$DRY_RUN" == 1 ]]; then
    echo "DRY: $*"
  else
    "$@"
  fi
}

current_expiry() {
  # chage prints e.g. "Account expires : Mar 31, 2025" or "never"
  sudo chage -l "$1" | awk -F': ' '/^Account expires/ {print $2}'
}

to_epoch_day() { echo $(( $(date -d "$1" +%s) / 86400 )); }

process() {
  local login="$1" company="$2" end="$3" manager="$4"
  if ! id "$login" &>/dev/null; then
    echo "WARN: $login ($company) has no local account" >&2
    audit "$login" missing "$company"
    return
  fi
  if ! date -d "$end" &>/dev/null; then
    echo "WARN: bad end date '$end' for $login" >&2
    audit "$login" bad-date "$end"
    return
  fi

  local have
  have="$(current_expiry "$login")"
  if [[ "$have" == "never" ]] || [[ "$(to_epoch_day "$have")" -ne "$(to_epoch_day "$end")" ]]; then
    run sudo usermod --expiredate "$end" "$login"
    audit "$login" set-expiry "$have -> $end"
  fi

  if [[ "$end" < "$TODAY" ]]; then
    run sudo passwd --lock "$login" >/dev/null
    run sudo chage --expiredate 1 "$login"
    run sudo usermod --shell /usr/sbin/nologin "$login"
    audit "$login" locked "contract ended $end (manager $manager)"
    echo "locked $login ($company), contract ended $end"
  fi
}

main() {
  [[ -r "$CSV" ]] || { echo "missing $CSV" >&2; exit 1; }
  sudo -v || { echo "sudo credentials required" >&2; exit 1; }
  local n=0
  while IFS=, read -r login company end manager; do
    [[ -z "$login" || "$login" == login ]] && continue
    process "$login" "$company" "$end" "$manager"
    n=$((n + 1))
  done < <(tr -d '\r' <"$CSV")
  echo "processed $n contractor entries; audit log: $AUDIT"
}

main "$@"
